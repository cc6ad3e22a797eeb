/**
 * Ink's frame (its Output) as rows of styled cells: each row starts as the
 * terminal's width of blank cells, and each is turned back into text at the
 * end. A full-screen UI has far more blank cells than written ones (the
 * transcript's empty rows, the panel's empty middle), and Ink visited every
 * one of them twice per frame: once to push it, once to write it out before
 * trimming it off again. scripts/ink-bundle.ts swaps these in; the frames are
 * the same (tests/unit/cli/ink-hot-paths.test.ts).
 */

/** A cell as Ink's output holds it (@alcalzone/ansi-tokenize's styled character). */
export interface FrameCell {
  readonly value: string;
  readonly styles: readonly unknown[];
}

/** A row of `width` blank cells, all the same (frozen) one, as Ink's loop pushed them. */
export function blankRow<T>(width: number, blank: T): T[] {
  return new Array<T>(width > 0 ? Math.ceil(width) : 0).fill(blank);
}

/**
 * `toText(row without its holes).trimEnd()`, without visiting the unstyled
 * blanks at the row's end (they would only add spaces after the last styled
 * cell's closing codes, which trimEnd takes off again) or styling those at its
 * start (before any style there is nothing to open or close: they are spaces).
 */
export function rowText<T extends FrameCell>(
  row: readonly (T | undefined)[],
  toText: (cells: readonly T[]) => string,
): string {
  // Holes are rare (a wide character written past the edge): the usual row is passed on as it is.
  const cells = row.includes(undefined) ? row.filter((cell) => cell !== undefined) : (row as readonly T[]);
  let end = cells.length;
  while (end > 0 && isPlainBlank(cells[end - 1]!)) end--;
  let start = 0;
  while (start < end && isPlainBlank(cells[start]!)) start++;
  if (start === end) return "";
  const text = toText(start === 0 && end === cells.length ? cells : cells.slice(start, end));
  return (start === 0 ? text : " ".repeat(start) + text).trimEnd();
}

const isPlainBlank = (cell: FrameCell): boolean => cell.value === " " && cell.styles.length === 0;
