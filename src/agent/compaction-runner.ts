/**
 * Runs compaction for the agent: decides when the next request is due for it
 * (the last reported usage plus what was added since, against the threshold),
 * asks the model for the summary, and continues the conversation from it.
 */
import type { Usage } from "../model/messages.ts";
import { modelInfo } from "../model/model-catalog.ts";
import type { Model, ModelEvent, ModelRequest } from "../model/model.ts";
import { abortable } from "./abortable.ts";
import {
  autoCompactThreshold,
  briefSummaryRequest,
  compactionInstruction,
  DEFAULT_AUTOCOMPACT_PCT,
  estimateTokens,
  isPromptTooLong,
  summaryRequest,
} from "./compaction.ts";
import { Conversation, type ConversationEntry } from "./conversation.ts";
import type { PromptContent } from "../model/messages.ts";
import type { AgentEvent } from "./events.ts";
import type { Hooks } from "../hooks/hooks.ts";
import { aroundCompaction } from "../hooks/turn-hooks.ts";

export type CompactionOutcome = { kind: "done" } | { kind: "aborted" } | { kind: "error"; message: string };

export interface CompactionRunnerOptions {
  model: Model;
  conversation: Conversation;
  /** Share of the window that triggers compaction; 0 is off. */
  pct?: number;
  record: (entry: ConversationEntry) => void;
  /** PreCompact (and SessionStart "compact") hooks; none when absent. */
  hooks?: Hooks;
}

export interface CompactionRun {
  trigger: "manual" | "auto";
  focus?: string;
  /** The request that would go out now: its system and tools are the summary request's. */
  base: ModelRequest;
  signal: AbortSignal;
  /** The smaller form first (the API already said the prompt is too long). */
  brief?: boolean;
  /** The prompt of the turn being compacted in: it follows the summary as written (auto-compaction only). */
  prompt?: PromptContent;
}

/** The brief form keeps at most this share of the window for the conversation's text. */
const BRIEF_SHARE = 0.5;

export class CompactionRunner {
  readonly #options: CompactionRunnerOptions;
  /** The tokens the last response reported for its whole context, and how many messages there were then. */
  #reported: { tokens: number; messages: number } | undefined;

  constructor(options: CompactionRunnerOptions) {
    this.#options = options;
  }

  /** A response came back: its usage is the best measure of the context so far. */
  observe(usage: Usage, messages: number): void {
    this.#reported = { tokens: contextTokens(usage), messages };
  }

  /** The conversation changed wholesale (compaction, /clear): estimate from scratch. */
  forgetUsage(): void {
    this.#reported = undefined;
  }

  /**
   * A saved session was resumed: the last usage its replies reported (since
   * its last compaction or /clear) is how full the window is, as if that reply
   * had just come back; with none, the estimate stands.
   */
  resumeFrom(entries: readonly ConversationEntry[]): void {
    this.forgetUsage();
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!;
      if (entry.type === "compaction" || entry.type === "clear") return;
      if (entry.type !== "assistant" || entry.usage === undefined || contextTokens(entry.usage) === 0) continue;
      // observe() is told the messages before the reply, so the reply itself counts as added since.
      const before = new Conversation();
      before.replay(entries.slice(0, i));
      this.observe(entry.usage, before.messages.length);
      return;
    }
  }

  windowTokens(): number {
    const { model } = this.#options;
    return model.contextWindowTokens ?? modelInfo(model.name).contextWindowTokens;
  }

  thresholdTokens(): number | undefined {
    return autoCompactThreshold(this.#options.pct ?? DEFAULT_AUTOCOMPACT_PCT, this.windowTokens());
  }

  /** The tokens `request` will take: the last reported context plus an estimate of what was added since. */
  estimate(request: ModelRequest): number {
    const reported = this.#reported;
    if (reported === undefined || reported.messages > request.messages.length) return estimateTokens(request);
    const added = request.messages.slice(reported.messages);
    return reported.tokens + (added.length === 0 ? 0 : estimateTokens({ system: [], tools: [], messages: added }));
  }

  use(request: ModelRequest): { tokens: number; windowTokens: number; thresholdTokens: number | undefined } {
    return {
      tokens: this.estimate(request),
      windowTokens: this.windowTokens(),
      thresholdTokens: this.thresholdTokens(),
    };
  }

  /** Whether `request` would pass the threshold. */
  due(request: ModelRequest): boolean {
    const threshold = this.thresholdTokens();
    return threshold !== undefined && request.messages.length > 0 && this.estimate(request) >= threshold;
  }

  async *run(run: CompactionRun): AsyncGenerator<AgentEvent, CompactionOutcome> {
    const { conversation } = this.#options;
    if (conversation.messages.length === 0)
      return { kind: "error", message: "Nothing to compact yet: the conversation is empty." };
    const { hooks } = this.#options;
    if (hooks) yield* aroundCompaction(hooks, "before", run.trigger, run.focus);
    const tokensBefore = this.estimate(run.base);
    let brief = run.brief ?? false;
    let reply = await this.#summary(run, brief);
    if (reply.kind === "error" && !brief && isPromptTooLong(reply.message)) {
      brief = true;
      reply = await this.#summary(run, brief);
    }
    if (reply.kind === "aborted") return reply;
    if (reply.kind === "error") return { kind: "error", message: `Compaction failed: ${reply.message}` };
    const summary = reply.text.trim();
    if (summary === "") return { kind: "error", message: "Compaction failed: the model's summary was empty." };
    conversation.replaceWithSummary(summary, run.prompt);
    this.forgetUsage();
    const tokensAfter = estimateTokens({ ...run.base, messages: [...conversation.messages] });
    const kept = run.prompt !== undefined ? { keptPrompt: true as const } : {};
    this.#options.record({ type: "compaction", summary, trigger: run.trigger, tokensBefore, tokensAfter, ...kept });
    yield { type: "compaction", trigger: run.trigger, tokensBefore, tokensAfter, usage: reply.usage };
    if (hooks) yield* aroundCompaction(hooks, "after", run.trigger, run.focus);
    return { kind: "done" };
  }

  async #summary(
    run: CompactionRun,
    brief: boolean,
  ): Promise<{ kind: "text"; text: string; usage: Usage } | { kind: "aborted" } | { kind: "error"; message: string }> {
    const instruction = compactionInstruction(run.focus, brief);
    const room = this.windowTokens() * BRIEF_SHARE - estimateTokens({ ...run.base, messages: [] });
    const request = brief
      ? briefSummaryRequest(run.base, instruction, Math.max(20_000, Math.floor(room * 4)), run.prompt)
      : summaryRequest(run.base, instruction);
    let final: Extract<ModelEvent, { type: "message" }> | undefined;
    try {
      for await (const event of abortable(this.#options.model.stream(request, run.signal), run.signal)) {
        if (event.type === "message") final = event;
      }
    } catch (error) {
      if (run.signal.aborted) return { kind: "aborted" };
      return { kind: "error", message: error instanceof Error && error.message !== "" ? error.message : String(error) };
    }
    if (run.signal.aborted) return { kind: "aborted" };
    if (!final) return { kind: "error", message: "the model ended its response without a message" };
    const text = final.message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
    return { kind: "text", text, usage: final.usage };
  }
}

/** The context a response's usage stands for: everything it read and wrote. */
function contextTokens(usage: Usage): number {
  return (
    usage.input_tokens +
    (usage.cache_read_input_tokens ?? 0) +
    (usage.cache_creation_input_tokens ?? 0) +
    usage.output_tokens
  );
}
