/**
 * The user's answers to what the UI asked (a project server's approval, the
 * shared settings file, a tool's permission) and the MCP panel's r/d/a, each
 * carried out and noted in the transcript. Carved out of ChatSession, which
 * hands it the runtime and the transcript.
 */
import type { ApprovalChoice } from "../../src/mcp/approvals/approval-types.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import {
  rememberedRule,
  sessionAllowance,
  toolDecision,
  type ServerAnswer,
  type ToolAnswer,
} from "../approval/approval-options.ts";
import type { PendingPermission } from "../runtime/permission-queue.ts";
import { runServerAction, type ActionResult, type ServerAction } from "../mcp-panel/server-actions.ts";
import type { TranscriptStore } from "../transcript/store.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import { errorText } from "../../src/errors.ts";

const SERVER_NOTES: Record<ApprovalChoice, (name: string) => string> = {
  sandbox: (name) => `MCP server ${name} approved for this project; starting it in the sandbox.`,
  remember: (name) => `MCP server ${name} approved for this project; starting it.`,
  once: (name) => `MCP server ${name} approved this time only; starting it.`,
  deny: (name) => `MCP server ${name} will not start.`,
};

export class QuestionAnswers {
  readonly #runtime: TuiRuntime;
  readonly #transcript: TranscriptStore;

  constructor(runtime: TuiRuntime, transcript: TranscriptStore) {
    this.#runtime = runtime;
    this.#transcript = transcript;
  }

  /**
   * The user's answer for a project server in `needs-approval`, noted in the
   * transcript; "all" and "all-sandbox" start and remember every server in
   * `waiting` (the ones the modal listed), the others answer `name` alone.
   */
  async decideServer(name: string, answer: ServerAnswer, waiting: readonly string[] = [name]): Promise<void> {
    if (answer !== "all" && answer !== "all-sandbox") return this.#decide(name, answer);
    // One line for all of them, not one per server.
    const names = waiting.map(terminalSafeLine).join(", ");
    const how = answer === "all-sandbox" ? " in the sandbox (where their entry does not say otherwise)" : "";
    this.#transcript.dispatch({
      type: "notice",
      text: `MCP servers ${names} approved for this project; starting them${how}.`,
    });
    // A remote server, or an entry whose "sandbox" decides, runs as it says whatever the answer.
    await Promise.all(
      waiting.map((each) => this.#decide(each, answer === "all-sandbox" ? "sandbox" : "remember", false)),
    );
  }

  async #decide(name: string, choice: ApprovalChoice, note = true): Promise<void> {
    if (note) this.#transcript.dispatch({ type: "notice", text: SERVER_NOTES[choice](terminalSafeLine(name)) });
    try {
      await this.#runtime.mcp.decide(name, choice);
    } catch (error) {
      this.#transcript.dispatch({ type: "error", message: `MCP server ${name}: ${errorText(error)}` });
    }
  }

  /** The user's answer to the shared settings file's question, noted in the transcript. */
  async answerSettings(approve: boolean): Promise<void> {
    const settings = this.#runtime.settings;
    this.#transcript.dispatch({
      type: "notice",
      text: approve
        ? "Project settings applied, and remembered for this project."
        : "Project settings not applied (their deny and ask rules still are).",
    });
    try {
      await settings.answer(approve);
    } catch (error) {
      this.#transcript.dispatch({ type: "error", message: `Project settings: ${terminalSafeLine(errorText(error))}` });
    }
  }

  /** A key pressed in the MCP panel (r, d, a) on server `name`: its one-line result goes to the transcript, and back to the panel. */
  async serverAction(name: string, action: ServerAction): Promise<ActionResult> {
    const result = await runServerAction(this.#runtime.mcp, name, action);
    this.#transcript.dispatch({ type: "command-output", lines: result.lines, isError: result.isError });
    return result;
  }

  /** The user's answer for a tool permission request. */
  answerPermission(pending: PendingPermission, answer: ToolAnswer, message?: string): void {
    const covers = this.#runtime.permissionQueue.covers;
    const decision = toolDecision(pending.request, answer, covers, message);
    const allowance = sessionAllowance(pending.request, covers);
    if (answer === "session" && decision.behavior === "allow" && decision.scope === "session" && allowance) {
      this.#transcript.dispatch({ type: "notice", text: `Allowed for the rest of this session: ${allowance.what}.` });
    }
    if (answer === "always" || answer === "always-server") void this.#remember(pending, answer);
    this.#runtime.permissionQueue.resolve(pending.id, decision);
  }

  /** "Yes, and don't ask again": the rule goes to the project's settings.local.json; the transcript says where, or why not. */
  async #remember(pending: PendingPermission, answer: "always" | "always-server"): Promise<void> {
    const remembered = rememberedRule(pending.request, answer, this.#runtime.permissionQueue.covers);
    const settings = this.#runtime.settings;
    if (!remembered) return;
    try {
      const file = await settings.rememberAllow(remembered.rule);
      this.#transcript.dispatch({
        type: "notice",
        text: `Allowed from now on in this project: ${remembered.what} (${terminalSafeLine(remembered.rule)} in ${terminalSafeLine(file)}).`,
      });
    } catch (error) {
      this.#transcript.dispatch({
        type: "error",
        message: `Could not save ${remembered.rule}: ${terminalSafeLine(errorText(error))}; allowed for this session only.`,
      });
    }
  }
}
