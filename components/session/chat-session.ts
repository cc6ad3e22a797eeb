/**
 * One interactive session: typed lines become agent turns or slash commands,
 * and everything that happens lands in the transcript store. A prompt waits in
 * the queue while a turn runs or MCP servers are still starting, as in Claude
 * Code. React-free, so the UI stays a view and this is tested with a fake runtime.
 */
import { loadDeferredLibraries } from "../runtime/deferred-libraries.ts";
import { BUILTIN_COMMANDS, runParsedCommand } from "../slash/command-registry.ts";
import type { SlashInput } from "../slash/parse-slash.ts";
import type { CommandResult, Picker, SlashCommand } from "../slash/slash-command.ts";
import { typedLine, type TypedLine } from "../slash/typed-line.ts";
import { showSavedSession } from "../transcript/resumed.ts";
import { resumePicker } from "../slash/resume-command.ts";
import type { SavedSession } from "../../src/session/saved-sessions.ts";
import { ABORTED_DECISION, type PendingPermission } from "../runtime/permission-queue.ts";
import { TranscriptStore } from "../transcript/store.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import { Store } from "../../src/store.ts";
import { type Clock, systemClock } from "../../src/clock.ts";
import { unsettledServers, whenMcpSettled } from "./mcp-settled.ts";
import { customSlashCommands, promptSlashCommands } from "../slash/prompt-commands.ts";
import { ProjectFiles } from "../prompt/project-files.ts";
import { QuestionAnswers } from "./question-answers.ts";
import { TurnDisplay } from "./turn-display.ts";
import { errorText } from "../../src/errors.ts";

/** "unqueued": the line was taken back out of the queue before it was sent; "exit": the user asked to quit. */
export type SubmitOutcome = "done" | "unqueued" | "exit";

/** A line waiting to be sent, and how to tell its submitter what became of it. */
interface QueuedLine extends TypedLine {
  readonly settle: (outcome: SubmitOutcome) => void;
}

/** Rows under the transcript: the prompt box, the working line and the footer. */
const PROMPT_AND_FOOTER_ROWS = 5;

export class ChatSession {
  readonly transcript: TranscriptStore;
  /** Lines waiting to be sent, oldest first: the UI lists them under the prompt. */
  readonly queue = new Store<readonly string[]>([]);
  /** Counts `/mcp` asking for the MCP panel: the UI moves the keyboard there when it changes. */
  readonly panelRequests = new Store<number>(0);
  /** The picker on screen (/resume, /model), with an id the UI arms it by. */
  readonly picker = new Store<{ readonly id: number; readonly picker: Picker } | undefined>(undefined);
  /** The share of the context window the next request takes (0-100), updated after each turn; the footer shows it past half. */
  readonly contextPct = new Store<number>(0);
  /** The project's files for `@` completion, listed when first asked for and again after each turn. */
  readonly files: ProjectFiles;
  #pickers = 0;
  readonly #runtime: TuiRuntime;
  /** Carries out the user's answers to the questions on screen and the panel's r/d/a, noted in the transcript. */
  readonly answers: QuestionAnswers;
  readonly #commands: readonly SlashCommand[];
  #turn: AbortController | null = null;
  #waiting: QueuedLine[] = [];
  /** Esc while a prompt is held for MCP servers: send the next one without waiting for them. */
  #skipMcpWait = false;
  #watchingMcp = false;

  /** The transcript's height (the terminal's, less the prompt box and footer), so a resumed session's first frame draws only the turns that show. */
  readonly #transcriptRows: number;

  /** Times what is drawn just after the first frame. */
  readonly #clock: Clock;

  /** `screenRows`: the terminal's height, when known. */
  constructor(
    runtime: TuiRuntime,
    { screenRows = 40, clock = systemClock }: { readonly screenRows?: number; readonly clock?: Clock } = {},
  ) {
    this.#runtime = runtime;
    this.#clock = clock;
    this.#transcriptRows = Math.max(1, screenRows - PROMPT_AND_FOOTER_ROWS);
    this.transcript = new TranscriptStore();
    this.answers = new QuestionAnswers(runtime, this.transcript);
    this.#commands = BUILTIN_COMMANDS;
    this.files = new ProjectFiles(runtime.cwd);
    const sessions = runtime.sessions;
    if (sessions.restored) this.#showSaved(sessions.restored);
    else if (sessions.pickAtStart) void this.#apply(resumePicker(sessions, this.#clock.now()));
  }

  /** The user chose `index` in the open picker; the last index (Cancel) or any other closes it. */
  async answerPicker(id: number, index: number): Promise<void> {
    const open = this.picker.getSnapshot();
    if (open?.id !== id) return;
    this.picker.update(() => undefined);
    if (index < 0 || index >= open.picker.choices.length) return;
    await this.#apply(await open.picker.pick(index));
  }

  /** The built-in commands, then every connected server's prompts: for /help and slash completion. */
  commands(): readonly SlashCommand[] {
    const prompts = promptSlashCommands(this.#runtime.mcp.store.getSnapshot());
    const custom = customSlashCommands(this.#runtime.customCommands);
    return prompts.length === 0 && custom.length === 0 ? this.#commands : [...this.#commands, ...custom, ...prompts];
  }

  /** Whether an agent turn is in progress. */
  get running(): boolean {
    return this.#turn !== null;
  }

  /**
   * Runs a slash command at once, or queues a prompt: it is sent when no turn
   * runs and every MCP server has settled (`running` is true at once when it
   * can go now). Resolves when its turn ends, or when it is taken back.
   * /clear waits its turn too: it must not empty the conversation under a running turn.
   */
  submit(line: string): Promise<SubmitOutcome> {
    const text = line.trim();
    if (text === "") return Promise.resolve("done");
    const typed = typedLine(text, this.commands());
    const idle = !this.running && this.#waiting.length === 0;
    if (typed.slash && (typed.runs === "now" || (typed.runs === "after the turn" && idle)))
      return this.#command(typed.text, typed.slash, typed.command);
    return new Promise((settle) => {
      this.#waiting.push({ ...typed, settle });
      this.#publishQueue();
      this.#sendNext();
    });
  }

  /** Interrupts the running turn (Esc); false when none runs. */
  abort(): boolean {
    if (!this.#turn) return false;
    this.#turn.abort();
    return true;
  }

  /** Takes every queued line back (Esc, Ctrl+C) and returns them, one per line, for the prompt; "" when none waited. */
  unqueue(): string {
    const lines = this.#waiting.splice(0);
    this.#publishQueue();
    for (const line of lines) line.settle("unqueued");
    return lines.map((line) => line.text).join("\n");
  }

  /** Sends the prompt held for MCP servers without waiting for them (Esc); false when none is held. */
  sendNow(): boolean {
    if (this.running || this.#waiting.length === 0) return false;
    this.#skipMcpWait = true;
    this.#sendNext();
    return true;
  }

  /** Esc at a tool approval: the call is denied and the turn stops, as Esc does anywhere else. */
  stopAtPermission(pending: PendingPermission): void {
    if (!this.abort()) this.#runtime.permissionQueue.resolve(pending.id, ABORTED_DECISION);
  }

  async #command(text: string, slash: SlashInput, command: SlashCommand | undefined): Promise<SubmitOutcome> {
    // Echo first: /mcp restart takes a while and the user should see it was taken.
    this.transcript.dispatch({ type: "user-input", text });
    if (command?.refusedWhileBusy && (this.running || this.#waiting.length > 0)) {
      this.transcript.dispatch({ type: "command-output", lines: [command.refusedWhileBusy], isError: true });
      return "done";
    }
    const notice = (line: string) => this.transcript.dispatch({ type: "notice", text: terminalSafeLine(line) });
    const runtime = this.#runtime;
    const result = await runParsedCommand(
      slash,
      {
        mcp: runtime.mcp,
        clock: this.#clock,
        serverLogs: runtime.serverLogs,
        notice,
        addDir: (dir) => runtime.addDir(dir),
        sessions: runtime.sessions,
        sandboxMode: runtime.sandboxMode,
        background: runtime.background,
        settings: runtime.settings,
      },
      this.commands(),
    );
    return this.#apply(result);
  }

  async #apply(result: CommandResult | null): Promise<SubmitOutcome> {
    switch (result?.kind) {
      case undefined:
        return "done";
      case "exit":
        return "exit";
      case "clear":
        this.#newConversation();
        return "done";
      case "output":
        this.transcript.dispatch({ type: "command-output", lines: result.lines, isError: result.isError });
        if (result.focusPanel) this.panelRequests.update((n) => n + 1);
        return "done";
      case "pick":
        this.picker.update(() => ({ id: ++this.#pickers, picker: result.picker }));
        return "done";
      case "resumed":
        this.transcript.dispatch({ type: "clear" });
        this.#showSaved(result.saved);
        return "done";
    }
  }

  /** A saved session's transcript (resumed-transcript.ts); the context figure once it is all there. */
  #showSaved(saved: SavedSession): void {
    showSavedSession(this.transcript, saved, {
      rows: this.#transcriptRows,
      clock: this.#clock,
      later: () => this.#updateContext(),
    });
  }

  #updateContext(): void {
    const use = this.#runtime.sessions.contextUse();
    this.contextPct.update(() => Math.min(100, Math.round((use.tokens / use.windowTokens) * 100)));
  }

  async #runTurn(prompt: string): Promise<void> {
    const turn = new AbortController();
    this.#turn = turn;
    this.transcript.dispatch({ type: "turn-start", prompt });
    let ended = false;
    try {
      // Markdown and diffs render only what a turn produces: make sure they have loaded.
      await loadDeferredLibraries();
      if (turn.signal.aborted) return; // interrupted while they loaded: `finally` ends the turn
      const display = new TurnDisplay(this.transcript, this.#runtime.cwd);
      for await (const event of this.#runtime.startTurn(prompt, turn.signal)) {
        display.show(event);
        if (event.type === "turn_end") ended = true;
      }
    } catch (error) {
      // The agent should never throw, but a crash must not take the UI down with it.
      this.transcript.dispatch({ type: "error", message: errorText(error) });
    } finally {
      if (!ended) {
        const reason = turn.signal.aborted ? "aborted" : "error";
        this.transcript.dispatch({ type: "turn_end", reason, numTurns: 0, resultText: "" });
      }
      this.#turn = null;
      this.files.markStale();
      this.#updateContext();
      this.#sendNext();
    }
  }

  /** Sends the oldest queued line when nothing holds it; else waits for what does (the turn's end, or the servers). */
  #sendNext(): void {
    for (let next = this.#waiting[0]; next && !this.running; next = this.#waiting[0]) {
      if (next.runs === "after the turn" && next.slash) {
        // Its turn has come (/clear behind a running turn): it runs before the lines queued after it are sent.
        this.#take();
        void this.#command(next.text, next.slash, next.command).then((outcome) => {
          next.settle(outcome);
          this.#sendNext();
        });
        return;
      }
      if (this.#heldForMcp()) return;
      this.#take();
      this.#skipMcpWait = false;
      const line = next;
      void this.#runTurn(line.text).then(() => line.settle("done"));
    }
  }

  /** True while servers are starting and the user has not said to send anyway; sends the line once they have settled. */
  #heldForMcp(): boolean {
    const mcp = this.#runtime.mcp.store;
    if (this.#skipMcpWait || unsettledServers(mcp.getSnapshot()) === 0) return false;
    if (!this.#watchingMcp) {
      this.#watchingMcp = true;
      void whenMcpSettled(mcp).then(() => {
        this.#watchingMcp = false;
        this.#sendNext();
      });
    }
    return true;
  }

  #take(): void {
    this.#waiting.shift();
    this.#publishQueue();
  }

  #newConversation(): void {
    this.transcript.dispatch({ type: "clear" });
    this.#runtime.newConversation();
    this.transcript.dispatch({
      type: "notice",
      text: "Conversation cleared: the model starts afresh (MCP servers and session allowances stay).",
    });
  }

  #publishQueue(): void {
    this.queue.update((shown) =>
      shown.length === 0 && this.#waiting.length === 0 ? shown : this.#waiting.map((line) => line.text),
    );
  }
}
