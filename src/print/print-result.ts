/**
 * Follows one print-mode turn and builds the closing `result` object in
 * Claude Code's shape, whichever output format writes it.
 */
import { subagentReply } from "../agents/subagent-usage.ts";
import { INTERRUPTED } from "../agent/agent.ts";
import type { AgentEvent, TurnEndReason } from "../agent/events.ts";
import { systemClock, type Clock } from "../clock.ts";
import type { Usage } from "../model/messages.ts";
import { costUsd, modelInfo } from "../model/model-catalog.ts";

export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
}

/** One model's share of the run, in Claude Code's `modelUsage` shape. */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  /** null when the model's price is not known. */
  costUSD: number | null;
  contextWindow: number;
}

export interface PrintResult {
  type: "result";
  subtype: "success" | "error_max_turns" | "error_max_tokens" | "error_refusal" | "error_during_execution";
  is_error: boolean;
  duration_ms: number;
  duration_api_ms: number;
  num_turns: number;
  result: string;
  session_id: string;
  /** null when a request went to a model whose price is not known: unknown, not free. */
  total_cost_usd: number | null;
  usage: Usage;
  modelUsage: Record<string, ModelUsage>;
  permission_denials: PermissionDenial[];
}

const SUBTYPES: Record<TurnEndReason, PrintResult["subtype"]> = {
  end_turn: "success",
  max_rounds: "error_max_turns",
  max_tokens: "error_max_tokens",
  refusal: "error_refusal",
  aborted: "error_during_execution",
  error: "error_during_execution",
};

/** The result text of a failed turn that reported no error of its own. */
const FALLBACK_REASONS: Record<TurnEndReason, string> = {
  end_turn: "",
  max_rounds: "Reached the limit of tool rounds for this turn.",
  max_tokens: "The reply hit the output token limit.",
  refusal: "The model declined to answer this request.",
  aborted: INTERRUPTED,
  error: "The turn ended with an error.",
};

/** Follows the agent's events and builds the result object at the end. */
export class PrintResultTracker {
  readonly #sessionId: string;
  readonly #startedAt: number;
  readonly #clock: Clock;
  readonly #usage: Usage = {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  readonly #denials: PermissionDenial[] = [];
  readonly #pendingInputs = new Map<string, Record<string, unknown>>();
  readonly #errors: string[] = [];
  #apiMs = 0;
  #requestStartedAt: number;
  #end: { reason: TurnEndReason; numTurns: number; resultText: string } | undefined;

  readonly #model: string;
  readonly #byModel = new Map<string, ModelUsage>();
  #costUsd: number | null = 0;

  /** `model`: the session's model, for replies that do not name theirs. */
  constructor(sessionId: string, clock: Clock = systemClock, model = "unknown") {
    this.#sessionId = sessionId;
    this.#model = model;
    this.#clock = clock;
    this.#startedAt = clock.now();
    this.#requestStartedAt = this.#startedAt;
  }

  observe(event: AgentEvent): void {
    switch (event.type) {
      case "assistant":
        this.#apiMs += this.#clock.now() - this.#requestStartedAt;
        this.#count(event.model ?? this.#model, event.usage);
        break;
      case "subagent": {
        // A subagent's requests are billed like the main thread's: the total counts them (as Claude Code's does).
        const reply = subagentReply(event);
        if (reply) this.#count(reply.model ?? this.#model, reply.usage);
        break;
      }
      case "compaction":
        // The summary request is billed like any other.
        this.#count(this.#model, event.usage);
        break;
      case "tool_call":
        this.#pendingInputs.set(event.id, event.input);
        break;
      case "permission_denied":
        this.#denials.push({
          tool_name: event.name,
          tool_use_id: event.id,
          tool_input: this.#pendingInputs.get(event.id) ?? {},
        });
        break;
      case "tool_result":
        // The next model request starts once the tools of this round are done.
        this.#requestStartedAt = this.#clock.now();
        break;
      case "error":
        this.#errors.push(event.message);
        break;
      case "turn_end":
        this.#end = { reason: event.reason, numTurns: event.numTurns, resultText: event.resultText };
        break;
    }
  }

  #count(model: string, usage: Usage): void {
    for (const key of Object.keys(this.#usage) as Array<keyof Usage>) {
      this.#usage[key] = (this.#usage[key] ?? 0) + (usage[key] ?? 0);
    }
    this.#addModelUsage(model, usage);
  }

  #addModelUsage(model: string, usage: Usage): void {
    const cost = costUsd(model, usage) ?? null;
    this.#costUsd = addCost(this.#costUsd, cost);
    const seen = this.#byModel.get(model) ?? {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
      webSearchRequests: 0,
      costUSD: 0,
      contextWindow: modelInfo(model).contextWindowTokens,
    };
    this.#byModel.set(model, {
      ...seen,
      inputTokens: seen.inputTokens + usage.input_tokens,
      outputTokens: seen.outputTokens + usage.output_tokens,
      cacheReadInputTokens: seen.cacheReadInputTokens + (usage.cache_read_input_tokens ?? 0),
      cacheCreationInputTokens: seen.cacheCreationInputTokens + (usage.cache_creation_input_tokens ?? 0),
      costUSD: addCost(seen.costUSD, cost),
    });
  }

  /** Errors the loop reported; text mode prints them on stderr. */
  get errors(): readonly string[] {
    return this.#errors;
  }

  get denials(): readonly PermissionDenial[] {
    return this.#denials;
  }

  result(): PrintResult {
    const end = this.#end ?? { reason: "error" as const, numTurns: 0, resultText: "" };
    const subtype = SUBTYPES[end.reason];
    const isError = subtype !== "success";
    return {
      type: "result",
      subtype,
      is_error: isError,
      duration_ms: this.#clock.now() - this.#startedAt,
      duration_api_ms: this.#apiMs,
      num_turns: end.numTurns,
      // An error result carries the reason, so a script that reads `result` sees why.
      result: isError && end.resultText === "" ? (this.#errors.at(-1) ?? FALLBACK_REASONS[end.reason]) : end.resultText,
      session_id: this.#sessionId,
      total_cost_usd: this.#costUsd,
      usage: { ...this.#usage },
      modelUsage: Object.fromEntries(this.#byModel),
      permission_denials: [...this.#denials],
    };
  }
}

/** A sum of costs, null (unknown) once any part is. */
function addCost(sum: number | null, cost: number | null): number | null {
  return sum === null || cost === null ? null : sum + cost;
}
