/**
 * One line saying why something failed, for the panel, /mcp and the model.
 * Its own module so the manager can describe a failure without loading the SDK.
 */

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** An error's message, with its cause's when it has one ("fetch failed: connect ECONNREFUSED …"). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error));
  const cause = error.cause instanceof Error && error.cause.message ? `: ${error.cause.message}` : "";
  return oneLine(`${error.message}${cause}`);
}

