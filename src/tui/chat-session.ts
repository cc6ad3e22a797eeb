/**
 * One interactive session: typed lines become agent turns or slash commands,
 * and everything that happens lands in the transcript store. A prompt waits in
 * the queue while a turn runs or MCP servers are still starting, as in Claude
 * Code. React-free, so the UI stays a view and this is tested with a fake runtime.
 */
import { loadDeferredLibraries } from "./deferred-libraries.ts";
import type { ApprovalChoice } from "../mcp/approvals/approval-types.ts";
import { rememberedRule, sessionAllowance, toolDecision, type ServerAnswer, type ToolAnswer } from "./approval-options.ts";
import { BUILTIN_COMMANDS, runSlashCommand } from "./slash/command-registry.ts";
import { parseSlash } from "./slash/parse-slash.ts";
import type { CommandResult, Picker, SlashCommand } from "./slash/slash-command.ts";
import { savedTranscriptActions } from "./saved-transcript.ts";
import { foldTranscript } from "./transcript-reducer.ts";
import type { ConversationEntry } from "../agent/conversation.ts";
import type { TranscriptItem, TranscriptState } from "./transcript-items.ts";
import { resumePicker } from "./slash/resume-command.ts";
import type { SavedSession } from "../session/saved-sessions.ts";
import { ABORTED_DECISION, type PendingPermission } from "./permission-queue.ts";
import { TranscriptStore } from "./transcript-store.ts";
import { runServerAction, type ServerAction } from "./server-actions.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";
import type { TuiRuntime } from "./tui-runtime.ts";
import { Store } from "../store.ts";
import { unsettledServers, whenMcpSettled } from "./mcp-settled.ts";
import { isPromptCommand } from "../mcp/features/prompts.ts";
import { customSlashCommands, promptSlashCommands } from "./slash/prompt-commands.ts";
import type { AgentEvent } from "../agent/events.ts";
import type { BodyLine } from "./approval-body.ts";
import { toolRequestBody } from "./tool-request-body.ts";
import { resultLines } from "./result-preview.ts";

const SERVER_NOTES: Record<ApprovalChoice, (name: string) => string> = {
  sandbox: (name) => `MCP server ${name} approved for this project; starting it in the sandbox.`,
  remember: (name) => `MCP server ${name} approved for this project; starting it.`,
  once: (name) => `MCP server ${name} approved this time only; starting it.`,
  deny: (name) => `MCP server ${name} will not start.`,
};

/** How many items of a resumed transcript are shown: laying out every row of a 500-turn session would take long. */
const SAVED_ITEMS_SHOWN = 400;
/** How long after the first frame the rest of a resumed transcript is drawn. */
const WHOLE_SAVED_DELAY_MS = 150;
/** Prompts of a resumed session drawn in its first frame. */
const FIRST_FRAME_PROMPTS = 4;

/** `state` with the run of items `quick` stands for replaced by every saved entry's items (the newest SAVED_ITEMS_SHOWN). */
function withWholeSaved(state: TranscriptState, quick: readonly TranscriptItem[], entries: readonly ConversationEntry[]): TranscriptState {
  const at = quick.length === 0 ? -1 : state.items.indexOf(quick[0]!);
  // Cleared since, or nothing was drawn: leave the transcript as it is.
  if (at < 0 || state.items[at + quick.length - 1] !== quick.at(-1)) return state;
  const whole = foldTranscript({ ...state, items: [] }, savedTranscriptActions(entries));
  const hidden = whole.items.length - SAVED_ITEMS_SHOWN;
  const kept = hidden > 0 ? whole.items.slice(hidden) : whole.items;
  const note: TranscriptItem[] = hidden > 0 ? [{ kind: "notice", id: whole.nextId, text: hiddenNote(hidden) }] : [];
  const items = [...state.items.slice(0, at), ...note, ...kept, ...state.items.slice(at + quick.length)];
  return { ...state, items, nextId: whole.nextId + 1 };
}

function hiddenNote(hidden: number): string {
  return `${hidden.toLocaleString("en-US")} earlier lines of this session are not shown (the model has the whole conversation).`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** "unqueued": the line was taken back out of the queue before it was sent; "exit": the user asked to quit. */
export type SubmitOutcome = "done" | "unqueued" | "exit";

/** A line waiting to be sent, and how to tell its submitter what became of it. */
interface QueuedLine {
  readonly text: string;
  readonly settle: (outcome: SubmitOutcome) => void;
}

/** Owns the transcript store, the queue and the running turn; the UI calls submit, abort, unqueue, sendNow and the two answer methods. */
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
  #pickers = 0;
  readonly #runtime: TuiRuntime;
  readonly #commands: readonly SlashCommand[];
  #turn: AbortController | null = null;
  #waiting: QueuedLine[] = [];
  /** Esc while a prompt is held for MCP servers: send the next one without waiting for them. */
  #skipMcpWait = false;
  #watchingMcp = false;

  constructor(runtime: TuiRuntime, transcript = new TranscriptStore(), commands = BUILTIN_COMMANDS) {
    this.#runtime = runtime;
    this.transcript = transcript;
    this.#commands = commands;
    const sessions = runtime.sessions;
    if (sessions?.restored) this.#showSaved(sessions.restored);
    else if (sessions?.pickAtStart) void this.#apply(resumePicker(sessions));
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
    const custom = customSlashCommands(this.#runtime.customCommands ?? []);
    return prompts.length === 0 && custom.length === 0 ? this.#commands : [...this.#commands, ...custom, ...prompts];
  }

  /** A custom command not shadowed by a built-in: it is a turn for the model, queued like a prompt. */
  #isCustom(name: string): boolean {
    return !this.#commands.some((c) => c.name === name) && (this.#runtime.customCommands ?? []).some((c) => c.name.toLowerCase() === name);
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
    const slash = parseSlash(text);
    // A server prompt (`/mcp__srv__prompt`) is a turn for the model: it waits in the queue like any prompt.
    // /compact is a turn of its own: it waits like a prompt; so does a custom command.
    const runsNow =
      slash !== null &&
      !isPromptCommand(slash.name) &&
      slash.name !== "compact" &&
      !this.#isCustom(slash.name) &&
      (slash.name !== "clear" || (!this.running && this.#waiting.length === 0));
    if (runsNow) return this.#command(text);
    return new Promise((settle) => {
      this.#waiting.push({ text, settle });
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

  /**
   * The user's answer for a project server in `needs-approval`, noted in the
   * transcript; "all" starts and remembers every server in `waiting` (the ones
   * the modal listed), the others answer `name` alone.
   */
  async decideServer(name: string, answer: ServerAnswer, waiting: readonly string[] = [name]): Promise<void> {
    if (answer !== "all") return this.#decide(name, answer);
    // One line for all of them, not one per server.
    const names = waiting.map(terminalSafeLine).join(", ");
    this.transcript.dispatch({ type: "notice", text: `MCP servers ${names} approved for this project; starting them.` });
    await Promise.all(waiting.map((each) => this.#decide(each, "remember", false)));
  }

  async #decide(name: string, choice: ApprovalChoice, note = true): Promise<void> {
    if (note) this.transcript.dispatch({ type: "notice", text: SERVER_NOTES[choice](terminalSafeLine(name)) });
    try {
      await this.#runtime.mcp.decide(name, choice);
    } catch (error) {
      this.transcript.dispatch({ type: "error", message: `MCP server ${name}: ${errorText(error)}` });
    }
  }

  /** The user's answer to the shared settings file's question, noted in the transcript. */
  async answerSettings(approve: boolean): Promise<void> {
    const settings = this.#runtime.settings;
    if (!settings) return;
    this.transcript.dispatch({
      type: "notice",
      text: approve ? "Project settings applied, and remembered for this project." : "Project settings not applied (their deny and ask rules still are).",
    });
    try {
      await settings.answer(approve);
    } catch (error) {
      this.transcript.dispatch({ type: "error", message: `Project settings: ${terminalSafeLine(errorText(error))}` });
    }
  }

  /** A key pressed in the MCP panel (r, d, a, l) on server `name`: its one-line result goes to the transcript. */
  async serverAction(name: string, action: ServerAction): Promise<void> {
    const result = await runServerAction(this.#runtime.mcp, name, action);
    this.transcript.dispatch({ type: "command_output", lines: result.lines, isError: result.isError });
  }

  /** The user's answer for a tool permission request. */
  answerPermission(pending: PendingPermission, answer: ToolAnswer, message?: string): void {
    const decision = toolDecision(pending.request, answer, message);
    const allowance = sessionAllowance(pending.request);
    if (answer === "session" && decision.behavior === "allow" && decision.scope === "session" && allowance) {
      this.transcript.dispatch({ type: "notice", text: `Allowed for the rest of this session: ${allowance.what}.` });
    }
    if (answer === "always" || answer === "always-server") void this.#remember(pending, answer);
    this.#runtime.permissionQueue.resolve(pending.id, decision);
  }

  /**
   * An agent event into the transcript. An Edit or Write call's diff is made
   * as it is announced (the file is still as it was: the agent waits at the
   * event) and shown under its result if it succeeds, in every mode, with the
   * result cut to its first line (the diff says the rest).
   */
  #show(event: AgentEvent, diffs: Map<string, readonly BodyLine[]>): void {
    if (event.type === "tool_call" && (event.name === "Edit" || event.name === "Write")) {
      // The first row names the file, as the call's own row already does.
      const lines = toolRequestBody({ toolUseId: event.id, toolName: event.name, input: event.input, summary: "", reason: "" }, this.#runtime.cwd).slice(1);
      diffs.set(event.id, lines);
    }
    if (event.type !== "tool_result") return this.transcript.dispatch(event);
    const diff = diffs.get(event.id);
    diffs.delete(event.id);
    if (!diff || event.result.isError) return this.transcript.dispatch(event);
    const first = resultLines(event.result.content)[0] ?? "";
    this.transcript.dispatch({ ...event, result: { ...event.result, content: first } });
    this.transcript.dispatch({ type: "file_diff", lines: diff });
  }

  /** Esc at a tool approval: the call is denied and the turn stops, as Esc does anywhere else. */
  stopAtPermission(pending: PendingPermission): void {
    if (!this.abort()) this.#runtime.permissionQueue.resolve(pending.id, ABORTED_DECISION);
  }

  /** "Yes, and don't ask again": the rule goes to the project's settings.local.json; the transcript says where, or why not. */
  async #remember(pending: PendingPermission, answer: "always" | "always-server"): Promise<void> {
    const remembered = rememberedRule(pending.request, answer);
    const settings = this.#runtime.settings;
    if (!remembered || !settings) return;
    try {
      const file = await settings.rememberAllow(remembered.rule);
      this.transcript.dispatch({ type: "notice", text: `Allowed from now on in this project: ${remembered.what} (${terminalSafeLine(remembered.rule)} in ${terminalSafeLine(file)}).` });
    } catch (error) {
      this.transcript.dispatch({ type: "error", message: `Could not save ${remembered.rule}: ${terminalSafeLine(errorText(error))}; allowed for this session only.` });
    }
  }

  async #command(text: string): Promise<SubmitOutcome> {
    // Echo first: /mcp restart takes a while and the user should see it was taken.
    this.transcript.dispatch({ type: "user_input", text });
    if (parseSlash(text)?.name === "resume" && (this.running || this.#waiting.length > 0)) {
      // The conversation must not change under a running turn.
      this.transcript.dispatch({ type: "command_output", lines: ["A turn is running: /resume once it has ended (Esc interrupts it)."], isError: true });
      return "done";
    }
    const commands = this.commands();
    const addDir = this.#runtime.addDir?.bind(this.#runtime);
    const notice = (line: string) => this.transcript.dispatch({ type: "notice", text: terminalSafeLine(line) });
    const sessions = this.#runtime.sessions;
    const sandboxMode = this.#runtime.sandboxMode;
    const result = await runSlashCommand(
      text,
      {
        mcp: this.#runtime.mcp,
        serverLogs: this.#runtime.serverLogs,
        notice,
        ...(addDir ? { addDir } : {}),
        ...(sessions ? { sessions } : {}),
        ...(sandboxMode ? { sandboxMode } : {}),
        ...(this.#runtime.settings ? { settings: this.#runtime.settings } : {}),
      },
      commands,
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
        this.transcript.dispatch({ type: "command_output", lines: result.lines, isError: result.isError });
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

  /**
   * A saved session's transcript, then where it came from. Its last turns are
   * drawn now; the earlier ones are put before them just after the first
   * frame, so a long session opens as fast as a new one.
   */
  #showSaved(saved: SavedSession): void {
    // The last turns start at a prompt, so each tool call and its result stay together.
    const before = this.transcript.getSnapshot().items.length;
    this.transcript.update((state) => foldTranscript(state, savedTranscriptActions(saved.recentEntries(FIRST_FRAME_PROMPTS))));
    const quick = this.transcript.getSnapshot().items.slice(before);
    this.transcript.dispatch({ type: "notice", text: `Resumed session ${saved.id}.` });
    // After the first frame: the context figure, then, once Markdown can be drawn, the whole saved
    // transcript (its last SAVED_ITEMS_SHOWN items) in the quick one's place.
    // (The first frame is drawn twice, once measured: a moment later, so neither waits for this.)
    setTimeout(() => {
      this.#updateContext();
      void loadDeferredLibraries()
        .catch(() => undefined)
        .then(() => this.transcript.update((state) => withWholeSaved(state, quick, saved.entries)));
    }, WHOLE_SAVED_DELAY_MS).unref?.();
  }

  #updateContext(): void {
    const use = this.#runtime.sessions?.contextUse();
    if (!use) return;
    this.contextPct.update(() => Math.min(100, Math.round((use.tokens / use.windowTokens) * 100)));
  }

  async #runTurn(prompt: string): Promise<void> {
    const turn = new AbortController();
    this.#turn = turn;
    this.transcript.dispatch({ type: "turn_start", prompt });
    let ended = false;
    try {
      // Markdown and diffs render only what a turn produces: make sure they have loaded.
      await loadDeferredLibraries();
      if (turn.signal.aborted) return; // interrupted while they loaded: `finally` ends the turn
      const diffs = new Map<string, readonly BodyLine[]>();
      for await (const event of this.#runtime.startTurn(prompt, turn.signal)) {
        this.#show(event, diffs);
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
      this.#updateContext();
      this.#sendNext();
    }
  }

  /** Sends the oldest queued line when nothing holds it; else waits for what does (the turn's end, or the servers). */
  #sendNext(): void {
    for (let next = this.#waiting[0]; next && !this.running; next = this.#waiting[0]) {
      if (parseSlash(next.text)?.name === "clear") {
        // The one command that waits its turn: /clear, queued behind a running turn.
        this.#take();
        this.#newConversation();
        next.settle("done");
        continue;
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
    this.transcript.dispatch({ type: "notice", text: "Conversation cleared: the model starts afresh (MCP servers and session allowances stay)." });
  }

  #publishQueue(): void {
    this.queue.update((shown) => (shown.length === 0 && this.#waiting.length === 0 ? shown : this.#waiting.map((line) => line.text)));
  }
}
