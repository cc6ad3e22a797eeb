/**
 * Noticing that a remote (http/sse) server went away. A stdio server's exit
 * closes its transport at once, but the SDK's HTTP transports say nothing
 * until a request fails: so a connected remote server is pinged on an
 * interval, and a tool call that fails at the connection level counts as a
 * loss too (remote-failure.ts). Each session's ConnectionLoss (connection-loss.ts) owns one Keepalive.
 */
import type { Clock } from "../../clock.ts";
import { formatSeconds } from "../timeouts.ts";
import { MiniCcError } from "../../errors.ts";

/** How long one keepalive ping may take before the server counts as lost. */
export const KEEPALIVE_TIMEOUT_MS = 10_000;

/** A ping that got no answer in time. */
function pingTimeout(timeoutMs: number): MiniCcError {
  return new MiniCcError("ping-timeout", `ping timed out after ${formatSeconds(timeoutMs)}`);
}

/** What a Keepalive needs: the clock for both timers, the ping itself, and whom to tell. */
export interface KeepaliveOptions {
  clock: Clock;
  /** The wait between one ping's answer and the next ping. */
  intervalMs: number;
  /** The deadline for one ping (KEEPALIVE_TIMEOUT_MS in mini-cc). */
  timeoutMs: number;
  /** Sends one ping; rejects when it fails; `signal` aborts it at the deadline. */
  ping: (signal: AbortSignal) => Promise<unknown>;
  /** The first ping that failed (its error) or timed out (MiniCcError "ping-timeout"); no ping follows. */
  onFailed: (error: unknown) => void;
}

/** Pings on an interval until stopped or until a ping fails; at most one timer pending at a time. */
export class Keepalive {
  readonly #options: KeepaliveOptions;
  /** Cancels whatever is pending: the wait for the next ping, or the running ping and its deadline. */
  #cancel: (() => void) | undefined;
  #stopped = false;

  constructor(options: KeepaliveOptions) {
    this.#options = options;
  }

  /** Schedules the first ping one interval from now. */
  start(): void {
    this.#schedule();
  }

  /** Cancels the pending ping and its timers; a ping in flight is abandoned and its outcome ignored. */
  stop(): void {
    this.#stopped = true;
    this.#cancel?.();
    this.#cancel = undefined;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#cancel = this.#options.clock.setTimeout(() => void this.#beat(), this.#options.intervalMs);
  }

  async #beat(): Promise<void> {
    const { clock, timeoutMs, ping } = this.#options;
    const controller = new AbortController();
    let timedOut = false;
    const cancelDeadline = clock.setTimeout(() => {
      timedOut = true;
      controller.abort(pingTimeout(timeoutMs));
    }, timeoutMs);
    this.#cancel = () => {
      cancelDeadline();
      controller.abort(new Error("keepalive stopped"));
    };
    let failure: unknown;
    try {
      await ping(controller.signal);
    } catch (error) {
      failure = timedOut ? pingTimeout(timeoutMs) : error;
    } finally {
      cancelDeadline();
    }
    if (this.#stopped) return;
    if (failure === undefined) return this.#schedule();
    this.#stopped = true;
    this.#cancel = undefined;
    this.#options.onFailed(failure);
  }
}
