/**
 * One round's tool calls, run in order: each is found among the offered
 * tools, checked by the permission chain (asking the user when it says so),
 * run with the call's signal, and answered with a tool_result. Never throws:
 * a tool's failure, a denial or an abort is the model's `is_error` result.
 */
import type { Clock } from "../clock.ts";
import type { ToolResultBlock, ToolUseBlock } from "../model/messages.ts";
import type { FileExcerpt } from "../tools/file-excerpt.ts";
import { RealPaths } from "../tools/real-paths.ts";
import { textResult, type Tool, type ToolResult } from "../tools/tool.ts";
import { ABORTED, raceAbort } from "./abortable.ts";
import type { AgentEvent, PermissionPrompt } from "./events.ts";
import type { HookAnswer, PermissionChain, PermissionCheck } from "./permissions.ts";
import { summarizeCall } from "./tool-summary.ts";
import type { Hooks } from "../hooks/hooks.ts";
import { afterToolCall, beforeToolCall, hookNotes } from "../hooks/tool-hooks.ts";
import { notLoadedMessage, type ToolPlan } from "./tool-search.ts";
import { stillRunningText, type TaskEntry } from "./unfinished-tasks.ts";
import { mergeBounded } from "./bounded-merge.ts";
import { isStreamingTool } from "./streaming-tool.ts";
import { runDetachable, type Detaching } from "./detached-call.ts";

/** The tool_result text for a call the user's abort cut off or never let start. */
export const INTERRUPTED = "Interrupted by user";
/**
 * The tool_result text for a call a resumed session finds unanswered: an abort
 * records its result, so no result at all means mini-cc itself was killed.
 */
export const KILLED = "mini-cc was killed while this ran; it may not have finished";

/** What a resume says of an unanswered call: that mini-cc was killed, or that its task may still run on its server. */
export function killedText(call: string, unfinished: ReadonlyMap<string, TaskEntry>): string {
  const task = unfinished.get(call);
  return task ? stillRunningText(task) : KILLED;
}
/** The tool_result text for a call whose approval the user answered by stopping the turn (Esc). */
export const STOPPED_AT_APPROVAL =
  "The user stopped the turn at this call's approval: it did not run. Stop and wait for the user's next message.";

/** One round's results for the model, and the file changes its Edits and Writes made, by call id (for the saved session). */
export interface RoundResults {
  blocks: ToolResultBlock[];
  changes: Record<string, FileExcerpt>;
  /** A hook's `continue: false` reason, when one stopped the turn. */
  stop?: string;
}

export interface ToolRunnerOptions {
  permissions: PermissionChain;
  /** Answers the calls the chain says to ask about. */
  ask: PermissionPrompt;
  cwd: string;
  /** Times tool runs. */
  clock: Clock;
  /** PreToolUse and PostToolUse hooks; none when absent. */
  hooks?: Hooks;
  /** The subagent these calls are made for (its approvals say so); absent for the main thread. */
  agentName?: string;
  /** Where calls moved to the background go; without it every call runs to its end in the turn. */
  detaching?: Detaching;
}

export class ToolRunner {
  readonly #options: ToolRunnerOptions;

  constructor(options: ToolRunnerOptions) {
    this.#options = options;
  }

  /**
   * Runs the calls in order; after an abort the rest are answered without running.
   * Calls next to each other of a tool that allows it (Agent) run at once, bounded.
   */
  async *run(
    uses: readonly ToolUseBlock[],
    plan: ToolPlan,
    signal: AbortSignal,
  ): AsyncGenerator<AgentEvent, RoundResults> {
    const blocks: ToolResultBlock[] = [];
    const changes: Record<string, FileExcerpt> = {};
    const round: { stop?: string } = {};
    for (let i = 0; i < uses.length; ) {
      const limit = concurrencyOf(plan, uses[i]!);
      let end = i + 1;
      while (limit > 1 && end < uses.length && concurrencyOf(plan, uses[end]!) === limit) end += 1;
      const batch = uses.slice(i, end);
      const results = yield* mergeBounded(
        batch.map((use) => () => this.#runUnlessStopped(use, plan, signal, round)),
        limit,
      );
      batch.forEach((use, k) => {
        const result = results[k]!;
        blocks.push(resultBlock(use.id, result));
        if (result.change && !result.isError) changes[use.id] = result.change;
      });
      i = end;
    }
    return { blocks, changes, ...round };
  }

  /** After an abort, or a hook that stopped the turn, a call is answered unrun. */
  async *#runUnlessStopped(
    use: ToolUseBlock,
    plan: ToolPlan,
    signal: AbortSignal,
    round: { stop?: string },
  ): AsyncGenerator<AgentEvent, ToolResult> {
    if (signal.aborted || round.stop !== undefined) return textResult(INTERRUPTED, true);
    return yield* this.#runCall(use, plan, signal, round);
  }

  async *#runCall(
    use: ToolUseBlock,
    plan: ToolPlan,
    signal: AbortSignal,
    round: { stop?: string },
  ): AsyncGenerator<AgentEvent, ToolResult> {
    const { id, name } = use;
    let input = use.input;
    const tool = findTool(plan, name);
    const summary = summarizeCall(name, tool, input);
    yield { type: "tool_call", id, name, input, summary };
    let result: ToolResult;
    let durationMs = 0;
    if (!tool) {
      const deferred = plan.deferred.some((t) => t.name === name);
      result = textResult(deferred ? notLoadedMessage(name) : `No such tool: ${name}`, true);
    } else {
      const hooks = this.#options.hooks?.has("PreToolUse") ? this.#options.hooks : undefined;
      const before = hooks ? yield* beforeToolCall(hooks, use) : undefined;
      if (before?.stop !== undefined) round.stop = before.stop;
      if (before?.kind === "run") input = before.input;
      // The check and the tool share the call's path resolutions: the tool opens what was judged.
      const realPaths = new RealPaths();
      const verdict =
        before?.kind === "refused"
          ? { behavior: "deny" as const, message: before.message }
          : yield* this.#permit(tool, { ...use, input }, summary, signal, realPaths, before?.answer);
      if (verdict === ABORTED) {
        result = textResult(STOPPED_AT_APPROVAL, true);
      } else if (verdict.behavior === "deny") {
        yield { type: "permission_denied", id, name, message: verdict.message };
        result = textResult(verdict.message, true);
      } else {
        const started = this.#options.clock.now();
        result = yield* this.#execute(tool, input, signal, realPaths, id, summary);
        durationMs = Math.round(this.#options.clock.now() - started);
        if (this.#options.hooks?.has("PostToolUse") && !signal.aborted) {
          const after = yield* afterToolCall(this.#options.hooks, { id, name, input }, result);
          result = after.result;
          if (after.stop !== undefined) round.stop = after.stop;
        }
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
    hook: HookAnswer | undefined,
  ): AsyncGenerator<AgentEvent, Exclude<PermissionCheck, { behavior: "ask" }> | typeof ABORTED> {
    const check = this.#options.permissions.check(tool, use.input, realPaths, hook);
    if (check.behavior !== "ask") return check;
    const request = {
      toolUseId: use.id,
      toolName: tool.name,
      input: use.input,
      summary,
      reason: check.reason,
      ...(tool.server === undefined ? {} : { server: tool.server }),
      ...(this.#options.agentName === undefined ? {} : { agent: this.#options.agentName }),
    };
    // Notification hooks hear of the question while it waits; what they say is shown once it is answered.
    const notified = this.#options.hooks?.has("Notification")
      ? this.#options.hooks.run(
          "Notification",
          { message: `mini-cc needs your permission to use ${tool.name}`, notification_type: "permission_prompt" },
          "permission_prompt",
        )
      : undefined;
    let decision;
    try {
      decision = await raceAbort((async () => this.#options.ask(request, signal))(), signal);
    } catch (error) {
      if (signal.aborted) return ABORTED;
      return { behavior: "deny", message: `Permission to use ${tool.name} was denied: ${errorMessage(error)}` };
    } finally {
      if (notified) yield* hookNotes(await notified);
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
      message: said
        ? `The user denied this tool call. They said: ${said}`
        : `Permission to use ${tool.name} was denied.`,
    };
  }

  async *#execute(
    tool: Tool,
    input: Record<string, unknown>,
    signal: AbortSignal,
    realPaths: RealPaths,
    toolUseId: string,
    summary: string,
  ): AsyncGenerator<AgentEvent, ToolResult> {
    const ctx = { cwd: this.#options.cwd, realPaths, scope: this.#options.permissions.scope, toolUseId };
    const { detaching } = this.#options;
    try {
      // A subagent honours the signal itself, and what it does is shown as it happens.
      if (isStreamingTool(tool)) return yield* tool.runStreaming(input, { ...ctx, signal });
      // The tool gets the signal to cancel itself; the race makes the abort immediate even if it does not.
      const result = detaching
        ? await runDetachable(tool, input, ctx, signal, summary, detaching)
        : await raceAbort((async () => tool.run(input, { ...ctx, signal }))(), signal);
      return result === ABORTED ? textResult(INTERRUPTED, true) : result;
    } catch (error) {
      return textResult(`${tool.name} failed: ${errorMessage(error)}`, true);
    }
  }
}

/** The offered tool called `name`: a built-in tool answers to its old names too (BashOutput, KillShell, Task); an MCP tool only to its own. */
function findTool(plan: ToolPlan, name: string): Tool | undefined {
  return (
    plan.callable.find((t) => t.name === name) ??
    plan.callable.find((t) => t.server === undefined && t.aliases?.includes(name))
  );
}

/** How many calls of `use`'s tool may run at once (1: one after another). */
function concurrencyOf(plan: ToolPlan, use: ToolUseBlock): number {
  const tool = findTool(plan, use.name);
  return tool && isStreamingTool(tool) ? (tool.concurrency ?? 1) : 1;
}

/** A tool's result as the tool_result block answering call `id`. */
export function resultBlock(id: string, result: ToolResult): ToolResultBlock {
  const empty = result.content === "" || (Array.isArray(result.content) && result.content.length === 0);
  // The API refuses an empty error result, and an empty one tells the model nothing.
  return {
    type: "tool_result",
    tool_use_id: id,
    content: empty ? "(no output)" : result.content,
    is_error: result.isError,
  };
}

/** An error's message for the model, never empty. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== "") return error.message;
  return String(error) || "Unknown error";
}
