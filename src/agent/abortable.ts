/**
 * Waiting that an abort cuts short. The loop must answer Esc / SIGINT at once,
 * even when a model stream or a tool ignores its signal.
 */

/** What raceAbort resolves to when the signal fired first. */
export const ABORTED: unique symbol = Symbol("aborted");

/** Resolves with the promise's value, or ABORTED as soon as the signal fires; a late rejection is swallowed. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.resolve(ABORTED);
  }
  return new Promise<T | typeof ABORTED>((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Iterates a stream until it ends or the signal fires; then asks the producer to stop without waiting for it. */
export async function* abortable<T>(stream: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T, void> {
  const iterator = stream[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), signal);
      if (next === ABORTED) return;
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Fire and forget: a producer stuck in next() must not hold up the abort.
    if (!finished) Promise.resolve(iterator.return?.()).catch(() => {});
  }
}
