/**
 * The agent loop: one user turn is a series of model requests, each followed by
 * the tool calls it asked for, until the model stops asking. Everything the
 * user should see comes out as AgentEvents; the TUI and print mode consume them.
 */
import { systemClock, type Clock } from "../clock.ts";
import type { ImageBlock, Message, TextBlock, ToolResultBlock, ToolUseBlock } from "../model/messages.ts";
import type { Model, ModelEvent, ModelRequest } from "../model/model.ts";
import { RealPaths } from "../tools/real-paths.ts";
import { textResult, type Tool, type ToolResult } from "../tools/tool.ts";
import { ABORTED, abortable, raceAbort } from "./abortable.ts";
import { Conversation } from "./conversation.ts";
import type { AgentEvent, PermissionPrompt, TurnEndReason } from "./events.ts";
import type { PermissionChain, PermissionCheck } from "./permissions.ts";
import type { SystemContext } from "./system-sections.ts";
import { summarizeCall } from "./tool-summary.ts";
import { notLoadedMessage, planTools, type ToolPlan, type ToolSearchSetting } from "./tool-search.ts";
import { afterReply, FRESH_REPLY_STATE, INTERRUPTED_NOTE } from "./stop-reasons.ts";

export interface AgentOptions {
  model: Model;
  /** Read before every request: MCP servers come and go during a session. */
  tools: () => readonly Tool[];
  permissions: PermissionChain;
  /** Answers the calls the chain says to ask about. */
  ask: PermissionPrompt;
  system: SystemContext;
  cwd: string;
  /** Tool rounds allowed in one turn; 50 by default. */
  maxRounds?: number;
  /** Times tool runs; the system clock by default. */
  clock?: Clock;
  /** Whether MCP tools are deferred behind ToolSearch (ENABLE_TOOL_SEARCH); off by default. */
  toolSearch?: ToolSearchSetting;
}

/** The tool_result text for a call the user's abort cut off or never let start. */
export const INTERRUPTED = "Interrupted by user";
type Final = Extract<ModelEvent, { type: "message" }>;
type TurnEnd = { reason: TurnEndReason; resultText?: string };
type RequestOutcome = { kind: "message"; final: Final } | { kind: "aborted"; partialText: string } | { kind: "error"; message: string };

/** Runs turns against one conversation, which it keeps across turns. */
export class Agent {
  readonly #options: AgentOptions;
  readonly #maxRounds: number;
  readonly #clock: Clock;
  readonly #conversation = new Conversation();
  #notesShown = false;
  /** Tool search's `auto` is decided once per session (the first request with MCP tools): flipping later would change the whole prompt. */
  #deferDecided: boolean | undefined;

  constructor(options: AgentOptions) {
    this.#options = options;
    this.#maxRounds = options.maxRounds ?? 50;
    this.#clock = options.clock ?? systemClock;
  }

  /** The conversation so far. */
  get messages(): readonly Message[] {
    return this.#conversation.messages;
  }

  /** Starts a new conversation (/clear). */
  clear(): void {
    this.#conversation.clear();
  }

  /** Runs one user turn (text, or blocks: a server prompt, attached resources). Never throws: failures are `error` events, and a turn always ends with `turn_end`. */
  async *runTurn(prompt: string | readonly (TextBlock | ImageBlock)[], signal: AbortSignal): AsyncGenerator<AgentEvent, void> {
    const before = this.#conversation.messages;
    this.#conversation.addPrompt(prompt);
    const count = { requests: 0 };
    const { reason, resultText = "" } = yield* this.#turn(signal, count);
    // A refused prompt is taken back, so the next one is not sent with it.
    if (reason === "refusal") this.#conversation.rewind(before);
    yield { type: "turn_end", reason, numTurns: count.requests, resultText };
  }

  async *#turn(signal: AbortSignal, count: { requests: number }): AsyncGenerator<AgentEvent, TurnEnd> {
    let state = FRESH_REPLY_STATE;
    for (let rounds = 0; ; ) {
      if (signal.aborted) return { reason: "aborted" };
      let request: ModelRequest;
      let plan: ToolPlan;
      try {
        plan = this.#plan();
        request = { ...this.#request(plan), ...(state.raiseMaxTokens ? { raiseMaxTokens: true } : {}) };
      } catch (error) {
        yield { type: "error", message: messageOf(error) };
        return { reason: "error" };
      }
      if (!this.#notesShown) {
        this.#notesShown = true;
        yield* this.#options.system.notes();
      }
      count.requests += 1;
      const outcome = yield* this.#stream(request, signal);
      if (outcome.kind === "aborted") {
        // What the user saw stays, and the model hears it was stopped.
        if (outcome.partialText.trim() !== "") this.#conversation.addAssistant({ role: "assistant", content: [{ type: "text", text: outcome.partialText }] });
        this.#conversation.addUserText(INTERRUPTED_NOTE);
        return { reason: "aborted" };
      }
      if (outcome.kind === "error") {
        yield { type: "error", message: outcome.message };
        return { reason: "error" };
      }
      const { message, stopReason, usage, id, model } = outcome.final;
      yield { type: "assistant", message, usage, stopReason, ...(id !== undefined ? { id } : {}), ...(model !== undefined ? { model } : {}) };
      const step = afterReply(message, stopReason, state);
      // A refused reply is not kept: the turn is taken back.
      if (step.kind !== "end" || step.reason !== "refusal") this.#conversation.addAssistant(message);
      if (step.kind !== "run-tools" && step.unrun) {
        const { uses, note } = step.unrun;
        this.#conversation.addToolResults(uses.map((use) => resultBlock(use.id, textResult(note, true))));
      }
      if (step.kind === "end") {
        if (step.error !== undefined) yield { type: "error", message: step.error };
        return { reason: step.reason, resultText: step.resultText };
      }
      if (step.kind === "again") {
        state = step.state;
        if (step.userNote !== undefined) this.#conversation.addUserText(step.userNote);
        if (step.pause && ++rounds >= this.#maxRounds) return yield* this.#tooManyRounds();
        continue;
      }
      state = FRESH_REPLY_STATE;
      this.#conversation.addToolResults(yield* this.#runTools(step.uses, plan, signal));
      if (signal.aborted) {
        this.#conversation.addUserText(INTERRUPTED_NOTE);
        return { reason: "aborted" };
      }
      rounds += 1;
      if (rounds >= this.#maxRounds) return yield* this.#tooManyRounds();
    }
  }

  async *#tooManyRounds(): AsyncGenerator<AgentEvent, TurnEnd> {
    yield { type: "error", message: `Reached the limit of ${this.#maxRounds} tool round${this.#maxRounds === 1 ? "" : "s"} for this turn.` };
    return { reason: "max_rounds" };
  }

  /** The names of the tools the next request offers, and which of them are deferred (stream-json's init). */
  offeredTools(): { tools: string[]; deferred: string[] } {
    const plan = this.#plan();
    return { tools: plan.specs.map((spec) => spec.name), deferred: plan.deferred.map((tool) => tool.name) };
  }

  #plan(): ToolPlan {
    const { toolSearch = { kind: "off" }, model } = this.#options;
    const tools = this.#options.tools();
    const setting = toolSearch.kind === "auto" && this.#deferDecided !== undefined ? decided(this.#deferDecided) : toolSearch;
    const plan = planTools(tools, this.#conversation.messages, { setting, contextWindowTokens: model.contextWindowTokens });
    if (toolSearch.kind === "auto" && this.#deferDecided === undefined && tools.some((tool) => tool.server !== undefined)) {
      this.#deferDecided = plan.deferred.length > 0;
    }
    return plan;
  }

  #request(plan: ToolPlan): ModelRequest {
    const system = [...this.#options.system.sections()];
    return {
      system: plan.section ? [...system, plan.section] : system,
      messages: [...this.#conversation.messages],
      tools: plan.specs,
    };
  }

  async *#stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<AgentEvent, RequestOutcome> {
    let final: Final | undefined;
    let partialText = "";
    try {
      for await (const event of abortable(this.#options.model.stream(request, signal), signal)) {
        if (event.type === "text_delta") {
          partialText += event.text;
          yield event;
        } else if (event.type === "message") {
          final = event;
        } else {
          // A retry streams afresh: what the failed attempt showed is not kept.
          if (event.type === "retry") partialText = "";
          yield event;
        }
      }
    } catch (error) {
      return signal.aborted ? { kind: "aborted", partialText } : { kind: "error", message: messageOf(error) };
    }
    if (signal.aborted) return { kind: "aborted", partialText };
    if (!final) return { kind: "error", message: `The model (${this.#options.model.name}) ended its response without a message.` };
    return { kind: "message", final };
  }

  /** Runs the calls in order; after an abort the rest are answered without running. */
  async *#runTools(uses: readonly ToolUseBlock[], plan: ToolPlan, signal: AbortSignal): AsyncGenerator<AgentEvent, ToolResultBlock[]> {
    const blocks: ToolResultBlock[] = [];
    for (const use of uses) {
      const result = signal.aborted ? textResult(INTERRUPTED, true) : yield* this.#runCall(use, plan, signal);
      blocks.push(resultBlock(use.id, result));
    }
    return blocks;
  }

  async *#runCall(use: ToolUseBlock, plan: ToolPlan, signal: AbortSignal): AsyncGenerator<AgentEvent, ToolResult> {
    const { id, name, input } = use;
    const tool = plan.callable.find((t) => t.name === name);
    const summary = summarizeCall(name, tool, input);
    yield { type: "tool_call", id, name, input, summary };
    let result: ToolResult;
    let durationMs = 0;
    if (!tool) {
      const deferred = plan.deferred.some((t) => t.name === name);
      result = textResult(deferred ? notLoadedMessage(name) : `No such tool: ${name}`, true);
    } else {
      // The check and the tool share the call's path resolutions: the tool opens what was judged.
      const realPaths = new RealPaths();
      const verdict = yield* this.#permit(tool, use, summary, signal, realPaths);
      if (verdict === ABORTED) {
        result = textResult(INTERRUPTED, true);
      } else if (verdict.behavior === "deny") {
        yield { type: "permission_denied", id, name, message: verdict.message };
        result = textResult(verdict.message, true);
      } else {
        const started = this.#clock.now();
        result = await this.#execute(tool, input, signal, realPaths, id);
        durationMs = Math.round(this.#clock.now() - started);
      }
    }
    yield { type: "tool_result", id, name, result, durationMs };
    return result;
  }

  async *#permit(
    tool: Tool,
    use: ToolUseBlock,
    summary: string,
    signal: AbortSignal,
    realPaths: RealPaths,
  ): AsyncGenerator<AgentEvent, Exclude<PermissionCheck, { behavior: "ask" }> | typeof ABORTED> {
    const check = this.#options.permissions.check(tool, use.input, realPaths);
    if (check.behavior !== "ask") return check;
    const request = { toolUseId: use.id, toolName: tool.name, input: use.input, summary, reason: check.reason };
    let decision;
    try {
      decision = await raceAbort((async () => this.#options.ask(request, signal))(), signal);
    } catch (error) {
      if (signal.aborted) return ABORTED;
      return { behavior: "deny", message: `Permission to use ${tool.name} was denied: ${messageOf(error)}` };
    }
    if (decision === ABORTED) return ABORTED;
    if (decision.behavior === "allow") {
      // The one place a session allow is recorded: the chain then stops asking.
      if (decision.scope === "session") this.#options.permissions.allowForSession(decision.rule ?? tool.name);
      return { behavior: "allow" };
    }
    const said = decision.message?.trim();
    return {
      behavior: "deny",
      message: said ? `The user denied this tool call. They said: ${said}` : `Permission to use ${tool.name} was denied.`,
    };
  }

  async #execute(tool: Tool, input: Record<string, unknown>, signal: AbortSignal, realPaths: RealPaths, toolUseId: string): Promise<ToolResult> {
    const ctx = { cwd: this.#options.cwd, signal, realPaths, scope: this.#options.permissions.scope, toolUseId };
    try {
      // The tool gets the signal to cancel itself; the race makes the abort immediate even if it does not.
      const result = await raceAbort((async () => tool.run(input, ctx))(), signal);
      return result === ABORTED ? textResult(INTERRUPTED, true) : result;
    } catch (error) {
      return textResult(`${tool.name} failed: ${messageOf(error)}`, true);
    }
  }
}

function resultBlock(id: string, result: ToolResult): ToolResultBlock {
  const empty = result.content === "" || (Array.isArray(result.content) && result.content.length === 0);
  // The API refuses an empty error result, and an empty one tells the model nothing.
  return { type: "tool_result", tool_use_id: id, content: empty ? "(no output)" : result.content, is_error: result.isError };
}

/** Tool search's `auto`, once decided: on or off for the rest of the session. */
function decided(defer: boolean): ToolSearchSetting {
  return defer ? { kind: "on" } : { kind: "off" };
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message !== "") return error.message;
  return String(error) || "Unknown error";
}
