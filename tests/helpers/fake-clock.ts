/**
 * The test double for src/clock.ts: time stands still until a test moves it,
 * so nothing waits on real time.
 */
import type { Clock } from "../../src/clock.ts";

/** A clock that moves only when told: `advance(ms)` fires the timers falling due, soonest first. */
export class FakeClock implements Clock {
  #now: number;
  readonly #step: number;
  #timers: { at: number; callback: () => void; background: boolean }[] = [];

  /**
   * Starts at `start` (epoch milliseconds, or a Date; 0 by default). With
   * `stepMs`, every reading moves time on by that much, so each measured span
   * (a tool run, a request) takes a known time.
   */
  constructor(start: number | Date = 0, { stepMs = 0 }: { stepMs?: number } = {}) {
    this.#now = typeof start === "number" ? start : start.getTime();
    this.#step = stepMs;
  }

  now = (): number => {
    if (this.#step > 0) this.advance(this.#step);
    return this.#now;
  };

  setTimeout = (callback: () => void, ms: number, options?: { background?: boolean }): (() => void) => {
    const timer = { at: this.#now + ms, callback, background: options?.background === true };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  };

  /**
   * How long until each pending timer fires, soonest first; background ones (the call deadlines'
   * shared timer, left armed when no call runs: it keeps nothing going) only when asked.
   */
  pending(options: { background?: boolean } = {}): number[] {
    return this.#timers
      .filter((t) => options.background === true || !t.background)
      .map((t) => t.at - this.#now)
      .sort((a, b) => a - b);
  }

  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#now = due.at;
      due.callback();
    }
    this.#now = end;
  }
}
