/**
 * When a lazy server counts as idle: no call of its tools running, and none
 * for its idleTimeoutMs since the last one ended (startup.ts). The supervisor
 * arms a run's IdleTimer after each connect and each call, and stops the
 * server when it fires.
 */
import type { Clock } from "../../clock.ts";

/**
 * The calls running on each server, by name: kept apart from the runs, since a
 * call outlives one (it may wait through a restart and go on to the next run).
 */
export class CallsRunning {
  readonly #running = new Map<string, number>();

  /** A call began on `name`. */
  started(name: string): void {
    this.#running.set(name, this.count(name) + 1);
  }

  /** A call ended; true when none of the server's calls is still running. */
  ended(name: string): boolean {
    const running = Math.max(0, (this.#running.get(name) ?? 1) - 1);
    this.#running.set(name, running);
    return running === 0;
  }

  count(name: string): number {
    return this.#running.get(name) ?? 0;
  }
}

/** One run's idle timer: at most one pending. */
export class IdleTimer {
  readonly #clock: Clock;
  #cancel: (() => void) | undefined;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Calls `onIdle` after `ms` unless a call runs by then (or it is cancelled); nothing while `busy()` or for ms ≤ 0. */
  arm(ms: number, busy: () => boolean, onIdle: () => void): void {
    this.cancel();
    if (ms <= 0 || busy()) return;
    const cancel = this.#clock.setTimeout(() => {
      if (this.#cancel !== cancel) return;
      this.#cancel = undefined;
      if (!busy()) onIdle();
    }, ms);
    this.#cancel = cancel;
  }

  cancel(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }
}
