/**
 * Waiting for shared work on behalf of one caller who may give up: the
 * caller's abort ends its wait, not the work (a lazy server's connect goes on
 * for the next call).
 */
/** Waits for `work`; true when `signal` aborted first (the work goes on for later calls). */
export async function untilAborted(work: Promise<void>, signal: AbortSignal | undefined): Promise<boolean> {
  if (!signal) {
    await work;
    return false;
  }
  if (signal.aborted) return true;
  let onAbort = () => {};
  const aborted = new Promise<boolean>((resolve) => {
    onAbort = () => resolve(true);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([work.then(() => false), aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
