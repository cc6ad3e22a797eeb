/**
 * Plain text cut to a number of terminal columns, ending in `…`, as Ink's
 * `wrap="truncate-end"` shows it. Components that lay out a row as one line of
 * text (instead of a box per column) cut their columns with it; a wide
 * character that would straddle the edge is left out rather than overflow.
 */
import { graphemeSegments } from "./graphemes.ts";
import stringWidth from "./string-width.ts";

export function truncateEnd(text: string, columns: number): string {
  if (columns < 1) return "";
  if (stringWidth(text) <= columns) return text;
  if (columns === 1) return "…";
  let kept = "";
  let used = 0;
  for (const { segment } of graphemeSegments(text)) {
    const width = stringWidth(segment);
    if (used + width > columns - 1) break;
    kept += segment;
    used += width;
  }
  return kept + "…";
}

/** The spaces that fill plain `text` out to `columns`. */
export function paddingTo(text: string, columns: number): string {
  return " ".repeat(Math.max(0, columns - stringWidth(text)));
}
