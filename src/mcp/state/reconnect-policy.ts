/**
 * When and how often McpManager reconnects a server that went away after
 * connecting (DESIGN.md's `reconnecting{attempt}`): the numbers in one place,
 * and one server run's series of attempts with its pending timer.
 *
 * A series is the run of attempts after a loss. A server that dies again soon
 * after a reconnect continues its series, so a server that crashes on every
 * start ends in `failed` instead of looping; one that stayed up for
 * `stableMs` starts a fresh series when it is next lost.
 */
import { isRemote, type ServerEntry } from "../../config/types.ts";
import type { Clock } from "../../clock.ts";
import type { LifecycleEvent } from "./lifecycle.ts";
import type { MiniCcError } from "../../errors.ts";

/** How McpManager reconnects; pass your own to McpManagerOptions.reconnect (tests use short delays). */
export interface ReconnectPolicy {
  /** Attempts per series for a stdio server: a local process that keeps crashing rarely heals by waiting. */
  readonly stdioAttempts: number;
  /** Attempts per series for an http/sse server: networks drop and deployments restart, then come back. */
  readonly remoteAttempts: number;
  /** The wait before the first attempt; each next attempt waits twice as long. */
  readonly initialDelayMs: number;
  /** The longest wait between attempts. */
  readonly maxDelayMs: number;
  /** A server connected at least this long starts a fresh series when it is lost. */
  readonly stableMs: number;
}

/** 1 s, 2 s, 4 s, 8 s, 16 s: three attempts for stdio servers, five for remote ones; a fresh series after a minute up. */
export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = {
  stdioAttempts: 3,
  remoteAttempts: 5,
  initialDelayMs: 1000,
  maxDelayMs: 16_000,
  stableMs: 60_000,
};

/** No reconnection: a lost server goes straight to `failed` with the reason it was lost. */
export const NO_RECONNECT: ReconnectPolicy = { ...DEFAULT_RECONNECT_POLICY, stdioAttempts: 0, remoteAttempts: 0 };

/** How many attempts a series gets for this kind of server. */
export function reconnectAttempts(policy: ReconnectPolicy, entry: ServerEntry): number {
  return isRemote(entry) ? policy.remoteAttempts : policy.stdioAttempts;
}

/** The wait before attempt `attempt` (1-based): exponential from initialDelayMs, capped at maxDelayMs. */
export function reconnectDelayMs(policy: ReconnectPolicy, attempt: number): number {
  return Math.min(policy.initialDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}

/** The failure shown once a series is used up; the bare reason when reconnection is off. */
export function gaveUpReason(reason: string, attempts: number): string {
  if (attempts <= 0) return reason;
  return `${reason} — gave up after ${attempts} reconnect attempt${attempts === 1 ? "" : "s"}`;
}

/** One run's series of attempts and its pending attempt's timer (reset() cancels it: a user's connect, the run's end). */
export class ReconnectSeries {
  readonly #policy: ReconnectPolicy;
  readonly #clock: Clock;
  /** Attempts made in the current series. */
  #used = 0;
  /** When the server last connected (clock ms). */
  #connectedAt: number | undefined;
  /** Cancels the pending attempt's timer. */
  #cancel: (() => void) | undefined;

  constructor(policy: ReconnectPolicy, clock: Clock) {
    this.#policy = policy;
    this.#clock = clock;
  }

  /** Notes that the server connected now: a long enough life resets the series when it is lost. */
  connected(): void {
    this.#connectedAt = this.#clock.now();
  }

  /** Notes that the server was lost: a fresh series if it had stayed connected for `stableMs`. */
  lost(): void {
    if (this.#connectedAt !== undefined && this.#clock.now() - this.#connectedAt >= this.#policy.stableMs)
      this.#used = 0;
  }

  /**
   * After a loss or a failed attempt (`failure`): schedules the series' next
   * attempt after its backoff (none when `immediate`) and returns `retry-scheduled`, or returns
   * `gave-up` with the reason and the failure's code when the series is used up.
   */
  next(
    entry: ServerEntry,
    failure: MiniCcError,
    run: (attempt: number, of: number) => void,
    immediate = false,
  ): LifecycleEvent {
    this.#cancel?.();
    const limit = reconnectAttempts(this.#policy, entry);
    if (this.#used >= limit)
      return { type: "gave-up", error: gaveUpReason(failure.message, limit), code: failure.code };
    const attempt = ++this.#used;
    const cancel = this.#clock.setTimeout(
      () => {
        if (this.#cancel === cancel) this.#cancel = undefined;
        run(attempt, limit);
      },
      immediate ? 0 : reconnectDelayMs(this.#policy, attempt),
    );
    this.#cancel = cancel;
    return { type: "retry-scheduled", attempt };
  }

  /** Cancels the pending attempt and starts from scratch (a user's connect starts a fresh series). */
  reset(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#used = 0;
    this.#connectedAt = undefined;
  }
}
