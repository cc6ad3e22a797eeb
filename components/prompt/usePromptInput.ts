/**
 * The prompt field's state and keys: editing, Enter submits, Alt+Enter and
 * pastes add line breaks, Esc interrupts, Shift+Tab cycles the permission
 * mode, Ctrl+D on an empty line quits, Up on the first line / Down on the
 * last browse the prompts sent this session. While a completion menu is
 * open, Up/Down choose in it and Tab takes the choice; otherwise Tab (and
 * Ctrl+T) move to the MCP panel. Only listens while `isActive`,
 * so an open modal gets the keyboard to itself.
 */
import { usePastedText, useKeys } from "../keys/useKeys.ts";
import { useRef, useState } from "react";
import type { CompletionMenu } from "./completion.ts";
import {
  EMPTY_HISTORY,
  type HistoryStep,
  leaveHistory,
  newerPrompt,
  olderPrompt,
  recordPrompt,
} from "./prompt-history.ts";
import { readTypedChunk, textInputActionFor } from "./text-input-keys.ts";
import { EMPTY_INPUT, onFirstLine, onLastLine, reduceTextInput, type TextInputState } from "./text-input-state.ts";
import { useLatestReducer } from "../keys/useLatestReducer.ts";

/** Focus and the callbacks for Enter, Esc, Shift+Tab and Ctrl+D. */
export interface PromptInputOptions {
  readonly isActive: boolean;
  /** Called with the typed text; return false to keep it (it was not taken). */
  readonly onSubmit: (line: string) => boolean;
  readonly onEscape: () => void;
  /** Shift+Tab. */
  readonly onCycleMode: () => void;
  /** Ctrl+D on an empty line. */
  readonly onEof: () => void;
  /** Ctrl+B: sends the running Bash call to the background; false when there is none (Ctrl+B then moves the cursor left). */
  readonly onBackground?: () => boolean;
  /** Tab (when no completion menu is open) or Ctrl+T: the keyboard moves to the MCP panel. */
  readonly onFocusPanel?: () => void;
  /** The completion menu for the field as it stands (slash commands, `@` resources); absent: none. */
  readonly completions?: (state: TextInputState) => CompletionMenu | null;
}

/** The field's state, a way to empty it, and a way to give back lines taken out of the queue. */
export interface PromptInput {
  readonly state: TextInputState;
  readonly clear: () => void;
  /** Puts `text` back in the field, before whatever is being typed. */
  readonly restore: (text: string) => void;
  /** The open completion menu and the chosen item's index; null when none is open. */
  readonly menu: CompletionMenu | null;
  readonly selected: number;
}

/** Owns the prompt's text and maps keys to edits and actions. */
export function usePromptInput(options: PromptInputOptions): PromptInput {
  const [state, dispatch, current] = useLatestReducer(reduceTextInput, EMPTY_INPUT);
  // A ref, not state: like the field, it must be current for the next key of the same chunk.
  const history = useRef(EMPTY_HISTORY);
  // A ref for keys in one chunk, state to redraw the menu.
  const choice = useRef(0);
  const [selected, setSelected] = useState(0);
  const choose = (index: number): void => {
    choice.current = index;
    setSelected(index);
  };
  const menuFor = (field: TextInputState) => options.completions?.(field) ?? null;
  const show = (step: HistoryStep | null): void => {
    if (!step) return;
    history.current = step.history;
    dispatch({ type: "set", value: step.text });
  };
  const clear = (): void => {
    history.current = leaveHistory(history.current);
    dispatch({ type: "reset" });
  };
  const restore = (text: string): void => {
    const typed = current().value;
    dispatch({ type: "set", value: typed === "" ? text : `${text}\n${typed}` });
  };
  const submit = (): void => {
    const line = current().value;
    if (!options.onSubmit(line)) return;
    history.current = recordPrompt(history.current, line);
    dispatch({ type: "reset" });
  };
  useKeys(
    (input, key) => {
      const menu = menuFor(current());
      if (menu && (key.upArrow || key.downArrow)) {
        const count = menu.items.length;
        return choose((Math.min(choice.current, count - 1) + (key.upArrow ? count - 1 : 1)) % count);
      }
      if (menu && key.tab && !key.shift) {
        const item = menu.items[Math.min(choice.current, menu.items.length - 1)];
        choose(0);
        return item ? dispatch({ type: "replace", start: menu.start, end: menu.end, text: item.insert }) : undefined;
      }
      // Any edit starts the choice over at the first item.
      if (choice.current !== 0 && !key.tab) choose(0);
      if (key.return && key.meta) return dispatch({ type: "insert", text: "\n" });
      if (key.return) return submit();
      if (key.escape) return options.onEscape();
      if (key.tab && key.shift) return options.onCycleMode();
      if ((key.tab || (key.ctrl && input === "t")) && options.onFocusPanel) return options.onFocusPanel();
      if (key.upArrow) {
        return onFirstLine(current()) ? show(olderPrompt(history.current, current().value)) : dispatch({ type: "up" });
      }
      if (key.downArrow) {
        return onLastLine(current()) ? show(newerPrompt(history.current)) : dispatch({ type: "down" });
      }
      if (key.ctrl && input === "d") {
        if (current().value === "") return options.onEof();
        return dispatch({ type: "delete" });
      }
      if (key.ctrl && input === "b" && options.onBackground?.()) return;
      const action = textInputActionFor(input, key);
      if (action?.type !== "insert") return action ? dispatch(action) : undefined;
      // Several keys can arrive in one chunk when typed fast (tmux send-keys, a slow terminal).
      const typed = readTypedChunk(action.text);
      for (const edit of typed.edits) dispatch(edit);
      if (typed.enter) submit();
    },
    { isActive: options.isActive },
  );
  // A bracketed paste is text, never Enter: its line breaks stay in the prompt.
  usePastedText((text) => dispatch({ type: "insert", text }), { isActive: options.isActive });
  const menu = menuFor(state);
  return { state, clear, restore, menu, selected: menu ? Math.min(selected, menu.items.length - 1) : 0 };
}
