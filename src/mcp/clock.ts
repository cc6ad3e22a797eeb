/**
 * Time as McpManager sees it: connect times, connect and call timeouts. Passed
 * in so tests can control it.
 */

/** A monotonic-enough clock and a cancellable timer. */
export interface Clock {
  /** Milliseconds since the epoch (also stamps log headers). */
  now(): number;
  /** Calls `callback` after `ms`; the returned function cancels it. */
  setTimeout(callback: () => void, ms: number): () => void;
}

/** The real clock: Date.now() and setTimeout. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};
