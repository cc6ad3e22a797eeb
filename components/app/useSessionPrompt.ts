/**
 * The prompt and the keys that act on the session: Enter sends (or queues)
 * a line, Esc does the nearest thing, Ctrl+C interrupts then quits, Ctrl+D
 * quits, Ctrl+B sends the running Bash call to the background; `@` and `/`
 * complete from the project's files, the servers' resources and the commands.
 */
import { useExitKeys } from "../keys/useExitKeys.ts";
import { completionMenu, mentionableResources } from "../prompt/completion.ts";
import { type PromptInput, usePromptInput } from "../prompt/usePromptInput.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import type { ChatSession } from "../session/chat-session.ts";
import type { ScrollAction } from "../transcript/scroll.ts";

export interface SessionPromptOptions {
  readonly runtime: TuiRuntime;
  readonly session: ChatSession;
  readonly isActive: boolean;
  /** The project's files, for `@`. */
  readonly files: readonly string[];
  readonly scroll: (action: ScrollAction) => void;
  readonly onFocusPanel: () => void;
  readonly onCycleMode: () => void;
  /** Every way of quitting calls it (with background tasks running, it asks first). */
  readonly quit: () => void;
}

/** The prompt, and whether Ctrl+C was pressed once (the footer then says to press it again). */
export function useSessionPrompt(options: SessionPromptOptions): { prompt: PromptInput; exitArmed: boolean } {
  const { runtime, session, scroll, quit } = options;
  // A prompt sent while a turn runs or servers start is queued by the session, and shown under the prompt box.
  const submit = (line: string): boolean => {
    if (line.trim() === "") return false;
    scroll({ type: "end" });
    void session.submit(line).then((outcome) => outcome === "exit" && quit());
    return true;
  };
  // Esc does the nearest thing: takes queued prompts back into the field, else interrupts the turn, else sends a prompt held for the servers.
  const escape = (): void => {
    if (!session.running) return void session.sendNow();
    const back = session.unqueue();
    if (back === "") session.abort();
    else prompt.restore(back);
  };
  // Ctrl+C stops everything: the turn, and what was queued behind it (back into the field); else it empties the field.
  const interrupt = (): void => {
    const back = session.unqueue();
    if (back !== "") prompt.restore(back);
    if (!session.abort() && back === "") prompt.clear();
  };
  const prompt = usePromptInput({
    isActive: options.isActive,
    onFocusPanel: options.onFocusPanel,
    onSubmit: submit,
    onEscape: () => escape(),
    onCycleMode: options.onCycleMode,
    onEof: quit,
    // True when a running call went to the background.
    onBackground: () => runtime.foreground.moveAll("Bash", "the user pressed Ctrl+B") > 0,
    completions: (field) => {
      // The file list is made when `@` is first typed (and after each turn), in the background.
      if (field.value.includes("@")) session.files.refresh();
      return completionMenu(field.value, field.cursor, {
        commands: session.commands(),
        resources: mentionableResources(runtime.mcp.store.getSnapshot()),
        files: options.files,
      });
    },
  });
  const exitArmed = useExitKeys({ onFirstPress: interrupt, onExit: quit });
  return { prompt, exitArmed };
}
