/**
 * The rounds of one turn, for the main thread and a subagent alike: request,
 * reply, the tool calls it asked for, until the model stops asking (or the
 * round limit, an abort, a failure). The conversation it writes to is the
 * host's; compaction runs before a request would pass the threshold.
 */
import type { AssistantMessage, PromptContent, ToolResultBlock, Usage } from "../model/messages.ts";
import type { Model, ModelRequest } from "../model/model.ts";
import type { FileExcerpt } from "../tools/file-excerpt.ts";
import { textResult } from "../tools/tool.ts";
import type { CompactionRunner } from "./compaction-runner.ts";
import { isPromptTooLong } from "./compaction.ts";
import type { ConversationEntry } from "./conversation.ts";
import type { AgentEvent, TurnEndReason } from "./events.ts";
import { streamRequest } from "./request-stream.ts";
import { afterReply, FRESH_REPLY_STATE, INTERRUPTED_NOTE } from "./stop-reasons.ts";
import type { ToolPlan } from "./tool-search.ts";
import { errorMessage, resultBlock, type ToolRunner } from "./tool-runner.ts";
import type { Hooks } from "../hooks/hooks.ts";
import { atTurnEnd } from "../hooks/turn-hooks.ts";

export type TurnEnd = { reason: TurnEndReason; resultText?: string };

/** What the loop needs of the agent that runs it. */
export interface TurnHost {
  model: Model;
  maxRounds: number;
  hooks: Hooks | undefined;
  compaction: CompactionRunner;
  tools: ToolRunner;
  /** The messages so far (compaction's observation point). */
  messageCount(): number;
  plan(): ToolPlan;
  request(plan: ToolPlan): ModelRequest;
  /** Yields the context notes once (the first request of a session). */
  notes(): AsyncGenerator<AgentEvent, void>;
  record(entry: ConversationEntry): void;
  addAssistant(message: AssistantMessage, usage: Usage | undefined, model?: string): void;
  addNote(text: string): void;
  addToolResults(results: ToolResultBlock[], changes?: Record<string, FileExcerpt>): void;
  /** What happened meanwhile (a background task ended), said once before a request. */
  addReminders(): void;
}

/** `prompt` is the turn's own: a compaction during the turn keeps it as written after the summary. */
export async function* runRounds(
  host: TurnHost,
  prompt: PromptContent,
  signal: AbortSignal,
  count: { requests: number },
): AsyncGenerator<AgentEvent, TurnEnd> {
  let state = FRESH_REPLY_STATE;
  let stopHookActive = false;
  const stream = (request: ModelRequest) => {
    count.requests += 1;
    return streamRequest(host.model, request, signal, (entry) => host.record(entry));
  };
  for (let rounds = 0; ; ) {
    if (signal.aborted) return { reason: "aborted" };
    host.addReminders();
    let request: ModelRequest;
    let plan: ToolPlan;
    try {
      plan = host.plan();
      request = { ...host.request(plan), ...(state.raiseMaxTokens ? { raiseMaxTokens: true } : {}) };
    } catch (error) {
      yield { type: "error", message: errorMessage(error) };
      return { reason: "error" };
    }
    yield* host.notes();
    // Before a request would pass the threshold, the conversation is summarised first.
    if (host.compaction.due(request)) {
      const compacted = yield* host.compaction.run({ trigger: "auto", base: request, signal, prompt });
      if (compacted.kind === "aborted") return { reason: "aborted" };
      if (compacted.kind === "done") request = host.request(plan);
      // A failed compaction is said; the request is still tried, and a "too long" answer is handled below.
      if (compacted.kind === "error") yield { type: "error", message: compacted.message };
    }
    let outcome = yield* stream(request);
    if (outcome.kind === "error" && isPromptTooLong(outcome.message)) {
      // Once more, smaller: the summary of the conversation as text (its middle left out if need be), then the turn's prompt again.
      const compacted = yield* host.compaction.run({ trigger: "auto", base: request, signal, brief: true, prompt });
      if (compacted.kind === "aborted") return { reason: "aborted" };
      if (compacted.kind === "done") {
        request = host.request(plan);
        outcome = yield* stream(request);
      }
    }
    if (outcome.kind === "aborted") {
      // What the user saw stays, and the model hears it was stopped.
      const partial = outcome.partialText;
      if (partial.trim() !== "")
        host.addAssistant({ role: "assistant", content: [{ type: "text", text: partial }] }, undefined);
      host.addNote(INTERRUPTED_NOTE);
      return { reason: "aborted" };
    }
    if (outcome.kind === "error") {
      yield { type: "error", message: outcome.message };
      return { reason: "error" };
    }
    const { message, stopReason, usage, id, model } = outcome.final;
    host.compaction.observe(usage, host.messageCount());
    yield {
      type: "assistant",
      message,
      usage,
      stopReason,
      ...(id !== undefined ? { id } : {}),
      ...(model !== undefined ? { model } : {}),
    };
    const step = afterReply(message, stopReason, state);
    // A refused reply is not kept: the turn is taken back.
    if (step.kind !== "end" || step.reason !== "refusal") host.addAssistant(message, usage, model);
    if (step.kind !== "run-tools" && step.unrun) {
      const { uses, note } = step.unrun;
      host.addToolResults(uses.map((use) => resultBlock(use.id, textResult(note, true))));
    }
    if (step.kind === "end") {
      if (step.error !== undefined) yield { type: "error", message: step.error };
      // A Stop hook may send the model on with its reason; the round limit still bounds it.
      const goOn = step.reason === "end_turn" && host.hooks ? yield* atTurnEnd(host.hooks, stopHookActive) : undefined;
      if (goOn !== undefined) {
        stopHookActive = true;
        host.addNote(`Stop hook feedback: ${goOn}`);
        if (++rounds >= host.maxRounds) return yield* tooManyRounds(host.maxRounds);
        continue;
      }
      return { reason: step.reason, resultText: step.resultText };
    }
    if (step.kind === "again") {
      state = step.state;
      if (step.userNote !== undefined) host.addNote(step.userNote);
      if (step.pause && ++rounds >= host.maxRounds) return yield* tooManyRounds(host.maxRounds);
      continue;
    }
    state = FRESH_REPLY_STATE;
    const round = yield* host.tools.run(step.uses, plan, signal);
    host.addToolResults(round.blocks, round.changes);
    if (round.stop !== undefined) {
      yield { type: "hook_note", text: `A hook stopped the turn: ${round.stop}` };
      return { reason: "end_turn" };
    }
    if (signal.aborted) {
      host.addNote(INTERRUPTED_NOTE);
      return { reason: "aborted" };
    }
    rounds += 1;
    if (rounds >= host.maxRounds) return yield* tooManyRounds(host.maxRounds);
  }
}

async function* tooManyRounds(maxRounds: number): AsyncGenerator<AgentEvent, TurnEnd> {
  yield {
    type: "error",
    message: `Reached the limit of ${maxRounds} tool round${maxRounds === 1 ? "" : "s"} for this turn.`,
  };
  return { reason: "max_rounds" };
}
