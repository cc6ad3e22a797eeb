/**
 * Time, as every part of mini-cc sees it: connect times and timeouts, tool and
 * turn durations, approval stamps, today's date in the system prompt. Injected
 * so tests can hold time still and move it by hand (tests/helpers/fake-clock.ts).
 */

/** Wall-clock milliseconds and a cancellable timer. */
export interface Clock {
  /** Milliseconds since the epoch; `new Date(clock.now())` for a date. */
  now(): number;
  /**
   * Calls `callback` after `ms`; the returned function cancels it. A `background` timer does not
   * keep the process alive by itself (what it watches over does).
   */
  setTimeout(callback: () => void, ms: number, options?: { background?: boolean }): () => void;
}

/** The real clock: Date.now() and setTimeout. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms, options) => {
    const timer = setTimeout(callback, ms);
    if (options?.background) timer.unref();
    return () => clearTimeout(timer);
  },
};
