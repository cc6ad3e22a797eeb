/**
 * A stdio server not up by its connect timeout (a cold `npx -y` installing)
 * starts on in the background, up to MCP_STARTUP_GRACE_MS: its state says so,
 * and whoever waited for its first connect (the session's start) is woken and
 * goes on without it. One per server run.
 */
import type { Clock } from "../../clock.ts";

export class StillStarting {
  readonly #clock: Clock;
  /** Who waits for the run's first connect. */
  readonly #waiters = new Set<() => void>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Resolves when the connect goes on in the background past its connect timeout; never otherwise. */
  wait(): Promise<void> {
    return new Promise((resolve) => this.#waiters.add(resolve));
  }

  /**
   * Watches one connect attempt: after `afterMs`, when `mark()` (the
   * still-starting event) is taken, the waiters are woken. The returned
   * function ends the watch, when the attempt has settled; `afterMs`
   * undefined: nothing is watched, the attempt only settles.
   */
  watch(afterMs: number | undefined, mark: () => boolean): () => void {
    const cancel =
      afterMs === undefined
        ? () => {}
        : this.#clock.setTimeout(() => {
            if (!mark()) return;
            for (const wake of this.#waiters) wake();
            this.#waiters.clear();
          }, afterMs);
    return () => {
      cancel();
      this.#waiters.clear();
    };
  }
}
