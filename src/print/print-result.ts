/**
 * Follows one print-mode turn and builds the closing `result` object in
 * Claude Code's shape, whichever output format writes it.
 */
import { INTERRUPTED } from "../agent/agent.ts";
import type { AgentEvent, TurnEndReason } from "../agent/events.ts";
import { systemClock, type Clock } from "../clock.ts";
import type { Usage } from "../model/messages.ts";

export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
}

export interface PrintResult {
  type: "result";
  subtype: "success" | "error_max_turns" | "error_during_execution";
  is_error: boolean;
  duration_ms: number;
  duration_api_ms: number;
  num_turns: number;
  result: string;
  session_id: string;
  total_cost_usd: number;
  usage: Usage;
  permission_denials: PermissionDenial[];
}

const SUBTYPES: Record<TurnEndReason, PrintResult["subtype"]> = {
  end_turn: "success",
  max_rounds: "error_max_turns",
  aborted: "error_during_execution",
  error: "error_during_execution",
};

/** The result text of a failed turn that reported no error of its own. */
const FALLBACK_REASONS: Record<TurnEndReason, string> = {
  end_turn: "",
  max_rounds: "Reached the limit of tool rounds for this turn.",
  aborted: INTERRUPTED,
  error: "The turn ended with an error.",
};

/** Follows the agent's events and builds the result object at the end. */
export class PrintResultTracker {
  readonly #sessionId: string;
  readonly #startedAt: number;
  readonly #clock: Clock;
  readonly #usage: Usage = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  readonly #denials: PermissionDenial[] = [];
  readonly #pendingInputs = new Map<string, Record<string, unknown>>();
  readonly #errors: string[] = [];
  #apiMs = 0;
  #requestStartedAt: number;
  #end: { reason: TurnEndReason; numTurns: number; resultText: string } | undefined;

  constructor(sessionId: string, clock: Clock = systemClock) {
    this.#sessionId = sessionId;
    this.#clock = clock;
    this.#startedAt = clock.now();
    this.#requestStartedAt = this.#startedAt;
  }

  observe(event: AgentEvent): void {
    switch (event.type) {
      case "assistant":
        this.#apiMs += this.#clock.now() - this.#requestStartedAt;
        for (const key of Object.keys(this.#usage) as Array<keyof Usage>) {
          this.#usage[key] = (this.#usage[key] ?? 0) + (event.usage[key] ?? 0);
        }
        break;
      case "tool_call":
        this.#pendingInputs.set(event.id, event.input);
        break;
      case "permission_denied":
        this.#denials.push({ tool_name: event.name, tool_use_id: event.id, tool_input: this.#pendingInputs.get(event.id) ?? {} });
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
      total_cost_usd: 0,
      usage: { ...this.#usage },
      permission_denials: [...this.#denials],
    };
  }
}
