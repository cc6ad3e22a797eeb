/**
 * When a lazy server counts as idle: no call of its tools running, and none
 * for its idleTimeoutMs since the last one ended (startup.ts). McpManager arms
 * a timer after each connect and each call, and stops the server when it fires.
 */
import type { Clock } from "../../clock.ts";

export class IdleStops {
  readonly #clock: Clock;
  readonly #running = new Map<string, number>();
  readonly #timers = new Map<string, () => void>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** A call began: the server is busy, its timer off. */
  callStarted(name: string): void {
    this.#running.set(name, (this.#running.get(name) ?? 0) + 1);
    this.cancel(name);
  }

  /** A call ended; true when none of the server's calls is still running. */
  callEnded(name: string): boolean {
    const running = Math.max(0, (this.#running.get(name) ?? 1) - 1);
    this.#running.set(name, running);
    return running === 0;
  }

  /** Calls `onIdle` after `ms` unless a call starts first (or it is cancelled); nothing while a call runs or for ms ≤ 0. */
  arm(name: string, ms: number, onIdle: () => void): void {
    this.cancel(name);
    if (ms <= 0 || (this.#running.get(name) ?? 0) > 0) return;
    const cancel = this.#clock.setTimeout(() => {
      if (this.#timers.get(name) !== cancel) return;
      this.#timers.delete(name);
      if ((this.#running.get(name) ?? 0) === 0) onIdle();
    }, ms);
    this.#timers.set(name, cancel);
  }

  cancel(name: string): void {
    this.#timers.get(name)?.();
    this.#timers.delete(name);
  }

  cancelAll(): void {
    for (const cancel of this.#timers.values()) cancel();
    this.#timers.clear();
  }
}
