/**
 * When and how often McpManager reconnects a server that went away after
 * connecting (DESIGN.md's `reconnecting{attempt}`): the numbers in one place,
 * and the per-server series of attempts with its pending timer.
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

interface Series {
  /** Attempts made in the current series. */
  used: number;
  /** When the server last connected (clock ms). */
  connectedAt?: number;
  /** Cancels the pending attempt's timer. */
  cancel?: () => void;
}

/** Every server's current series and pending attempt; owns the timers, so closing can cancel them all. */
export class ReconnectSchedule {
  readonly #policy: ReconnectPolicy;
  readonly #clock: Clock;
  readonly #series = new Map<string, Series>();

  constructor(policy: ReconnectPolicy, clock: Clock) {
    this.#policy = policy;
    this.#clock = clock;
  }

  /** Notes that `name` connected now: a long enough life resets its series when it is lost. */
  connected(name: string): void {
    this.#get(name).connectedAt = this.#clock.now();
  }

  /** Notes that `name` was lost: a fresh series if it had stayed connected for `stableMs`. */
  lost(name: string): void {
    const series = this.#get(name);
    if (series.connectedAt !== undefined && this.#clock.now() - series.connectedAt >= this.#policy.stableMs)
      series.used = 0;
  }

  /**
   * After a loss or a failed attempt (`failure`): schedules the series' next
   * attempt after its backoff (none when `immediate`) and returns `retry-scheduled`, or returns
   * `gave-up` with the reason and the failure's code when the series is used up.
   */
  next(
    name: string,
    entry: ServerEntry,
    failure: MiniCcError,
    run: (attempt: number, of: number) => void,
    immediate = false,
  ): LifecycleEvent {
    const series = this.#get(name);
    series.cancel?.();
    const limit = reconnectAttempts(this.#policy, entry);
    if (series.used >= limit)
      return { type: "gave-up", error: gaveUpReason(failure.message, limit), code: failure.code };
    const attempt = ++series.used;
    const cancel = this.#clock.setTimeout(
      () => {
        if (series.cancel === cancel) series.cancel = undefined;
        run(attempt, limit);
      },
      immediate ? 0 : reconnectDelayMs(this.#policy, attempt),
    );
    series.cancel = cancel;
    return { type: "retry-scheduled", attempt };
  }

  /** Cancels `name`'s pending attempt and forgets its series (a user's restart starts from scratch). */
  forget(name: string): void {
    this.#series.get(name)?.cancel?.();
    this.#series.delete(name);
  }

  /** Cancels every pending attempt and forgets every series. */
  forgetAll(): void {
    for (const name of [...this.#series.keys()]) this.forget(name);
  }

  #get(name: string): Series {
    let series = this.#series.get(name);
    if (!series) this.#series.set(name, (series = { used: 0 }));
    return series;
  }
}
