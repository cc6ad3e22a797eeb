/**
 * One interactive session: typed lines become agent turns or slash commands,
 * and everything that happens lands in the transcript store. React-free, so
 * the UI stays a view and this is tested with a fake runtime.
 */
import type { ApprovalChoice } from "../mcp/approval-types.ts";
import { sessionAllowance, toolDecision, type ServerAnswer, type ToolAnswer } from "./approval-options.ts";
import { BUILTIN_COMMANDS, runSlashCommand } from "./slash/command-registry.ts";
import { parseSlash } from "./slash/parse-slash.ts";
import type { SlashCommand } from "./slash/slash-command.ts";
import type { PendingPermission } from "./permission-queue.ts";
import { TranscriptStore } from "./transcript-store.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";
import type { TuiRuntime } from "./tui-runtime.ts";

const SERVER_NOTES: Record<ApprovalChoice, (name: string) => string> = {
  remember: (name) => `MCP server ${name} approved for this project; starting it.`,
  once: (name) => `MCP server ${name} approved this time only; starting it.`,
  deny: (name) => `MCP server ${name} will not start.`,
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** "busy": a prompt arrived while a turn runs and was not sent; "exit": the user asked to quit. */
export type SubmitOutcome = "done" | "busy" | "exit";

/** Owns the transcript store and the running turn; the UI calls submit, abort and the two answer methods. */
export class ChatSession {
  readonly transcript: TranscriptStore;
  readonly #runtime: TuiRuntime;
  readonly #commands: readonly SlashCommand[];
  #turn: AbortController | null = null;

  constructor(runtime: TuiRuntime, transcript = new TranscriptStore(), commands = BUILTIN_COMMANDS) {
    this.#runtime = runtime;
    this.transcript = transcript;
    this.#commands = commands;
  }

  /** Whether an agent turn is in progress. */
  get running(): boolean {
    return this.#turn !== null;
  }

  /** Runs a slash command, or sends a prompt and resolves when its turn ends (`running` is true at once). */
  submit(line: string): Promise<SubmitOutcome> {
    const text = line.trim();
    if (text === "") return Promise.resolve("done");
    if (parseSlash(text) !== null) return this.#command(text);
    if (this.running) return Promise.resolve("busy");
    return this.#runTurn(text).then(() => "done");
  }

  /** Interrupts the running turn (Esc); false when none runs. */
  abort(): boolean {
    if (!this.#turn) return false;
    this.#turn.abort();
    return true;
  }

  /**
   * The user's answer for a project server in `needs-approval`, noted in the
   * transcript; "all" starts and remembers every server in `waiting` (the ones
   * the modal listed), the others answer `name` alone.
   */
  async decideServer(name: string, answer: ServerAnswer, waiting: readonly string[] = [name]): Promise<void> {
    if (answer !== "all") return this.#decide(name, answer);
    await Promise.all(waiting.map((each) => this.#decide(each, "remember")));
  }

  async #decide(name: string, choice: ApprovalChoice): Promise<void> {
    this.transcript.dispatch({ type: "notice", text: SERVER_NOTES[choice](terminalSafeLine(name)) });
    try {
      await this.#runtime.mcp.decide(name, choice);
    } catch (error) {
      this.transcript.dispatch({ type: "error", message: `MCP server ${name}: ${errorText(error)}` });
    }
  }

  /** The user's answer for a tool permission request. */
  answerPermission(pending: PendingPermission, answer: ToolAnswer, message?: string): void {
    const decision = toolDecision(pending.request, answer, message);
    const allowance = sessionAllowance(pending.request);
    if (decision.behavior === "allow" && decision.scope === "session" && allowance) {
      this.transcript.dispatch({ type: "notice", text: `Allowed for the rest of this session: ${allowance.what}.` });
    }
    this.#runtime.permissionQueue.resolve(pending.id, decision);
  }

  async #command(text: string): Promise<SubmitOutcome> {
    // Echo first: /mcp restart takes a while and the user should see it was taken.
    this.transcript.dispatch({ type: "user_input", text });
    const result = await runSlashCommand(text, { mcp: this.#runtime.mcp, serverLogs: this.#runtime.serverLogs }, this.#commands);
    switch (result?.kind) {
      case undefined:
        return "done";
      case "exit":
        return "exit";
      case "clear":
        this.transcript.dispatch({ type: "clear" });
        return "done";
      case "output":
        this.transcript.dispatch({ type: "command_output", lines: result.lines, isError: result.isError });
        return "done";
    }
  }

  async #runTurn(prompt: string): Promise<void> {
    const turn = new AbortController();
    this.#turn = turn;
    this.transcript.dispatch({ type: "turn_start", prompt });
    let ended = false;
    try {
      for await (const event of this.#runtime.startTurn(prompt, turn.signal)) {
        this.transcript.dispatch(event);
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
    }
  }
}
