/**
 * Which of the form's rows show when it is taller than its room: a window
 * that keeps the focused field's rows in view. Pure.
 */

/** A row's owner: the field index (or, past the fields, the button) it belongs to; -1 for the message. */
export interface OwnedRow {
  readonly owner: number;
}

/** The slice of `rows` to show in `room` rows: everything, or a window that ends at the focused block's last row. */
export function visibleRange(rows: readonly OwnedRow[], focus: number, room: number): { start: number; end: number } {
  if (rows.length <= room) return { start: 0, end: rows.length };
  const first = rows.findIndex((r) => r.owner === focus);
  let last = first;
  while (last + 1 < rows.length && rows[last + 1]?.owner === focus) last++;
  const start = Math.max(0, Math.min(first, last + 1 - room, rows.length - room));
  return { start, end: start + room };
}
