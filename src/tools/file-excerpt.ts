/**
 * The part of a file an Edit or Write changed, before and after, with the
 * diff's few lines of context around it: what a resumed session needs to show
 * the change as the live transcript did (the file itself has moved on since),
 * and small enough to save with the call's result.
 */

export interface FileExcerpt {
  /** The line number (from 1) both texts start at in the file. */
  readonly firstLine: number;
  readonly before: string;
  readonly after: string;
}

/** Unchanged lines kept on each side of the change, as the diff shows them. */
const CONTEXT_LINES = 3;
/** A larger excerpt is not kept: the resumed transcript then shows the result's own text. */
const MAX_EXCERPT_CHARS = 64_000;

/** The changed part of `before` → `after`; undefined when it is too large to keep. */
export function changedExcerpt(before: string, after: string): FileExcerpt | undefined {
  const old = before.split("\n");
  const now = after.split("\n");
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < now.length - head &&
    old[old.length - 1 - tail] === now[now.length - 1 - tail]
  )
    tail++;
  const start = Math.max(0, head - CONTEXT_LINES);
  const excerpt = (lines: string[]): string => {
    const end = Math.min(lines.length, lines.length - tail + CONTEXT_LINES);
    // Cut before the file's end, the last line kept is a whole line.
    return lines.slice(start, end).join("\n") + (end < lines.length ? "\n" : "");
  };
  const kept = { firstLine: start + 1, before: excerpt(old), after: excerpt(now) };
  return kept.before.length + kept.after.length > MAX_EXCERPT_CHARS ? undefined : kept;
}
