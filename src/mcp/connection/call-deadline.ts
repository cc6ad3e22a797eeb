/**
 * The one deadline of a tool call, on the injected clock: `timeoutMs` between
 * progress notifications (MCP_TOOL_TIMEOUT), never past `maxTotalMs` from the
 * start (MCP_TOOL_MAX_TOTAL_TIMEOUT). One timer, moved lazily: a flood of
 * progress costs a clock reading each, not a timer each. `signal` aborts on
 * the deadline or on the caller's abort, and `ended` says which.
 */
import type { Clock } from "../../clock.ts";

export class CallDeadline {
  readonly #controller = new AbortController();
  readonly #clock: Clock;
  readonly #timeoutMs: number;
  readonly #lastMs: number;
  readonly #outer: AbortSignal | undefined;
  #due: number;
  #capped = false;
  #cancelTimer: () => void;
  /** Why the signal aborted: the deadline, or the caller. */
  ended: "timeout" | "cancelled" | undefined;

  constructor(clock: Clock, timeoutMs: number, maxTotalMs: number, outer?: AbortSignal) {
    this.#clock = clock;
    this.#timeoutMs = timeoutMs;
    const now = clock.now();
    this.#lastMs = now + Math.max(timeoutMs, maxTotalMs);
    this.#due = now + timeoutMs;
    this.#outer = outer;
    this.#cancelTimer = clock.setTimeout(this.#check, timeoutMs);
    if (outer?.aborted) this.#onAbort();
    else outer?.addEventListener("abort", this.#onAbort, { once: true });
  }

  /** Aborts at the deadline or with the caller's signal. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** True when the total maximum, not a quiet spell, set the deadline that ended the call. */
  get capped(): boolean {
    return this.#capped;
  }

  /** The server reported progress: the deadline starts again, within the total maximum. */
  progressed(): void {
    if (this.ended !== undefined) return;
    const due = this.#clock.now() + this.#timeoutMs;
    this.#capped = due > this.#lastMs;
    this.#due = this.#capped ? this.#lastMs : due;
  }

  stop(): void {
    this.#cancelTimer();
    this.#outer?.removeEventListener("abort", this.#onAbort);
  }

  readonly #check = (): void => {
    const left = this.#due - this.#clock.now();
    if (left > 0) {
      this.#cancelTimer = this.#clock.setTimeout(this.#check, left);
      return;
    }
    this.#end("timeout");
  };

  readonly #onAbort = (): void => this.#end("cancelled");

  #end(why: "timeout" | "cancelled"): void {
    if (this.ended !== undefined) return;
    this.ended = why;
    this.stop();
    this.#controller.abort(new Error(why === "timeout" ? "timed out" : "cancelled by the user"));
  }
}
