/**
 * Which of the form's rows show when it is taller than its room: a window
 * that keeps the focused field's rows in view, and when that field alone is
 * taller than the room (a long list of options), the row under its cursor.
 * Pure.
 */

/** A row's owner: the field index (or, past the fields, the button) it belongs to; -1 for the message. */
export interface OwnedRow {
  readonly owner: number;
  /** The row under the field's cursor (the option it points at). */
  readonly cursor?: boolean;
}

/** The slice of `rows` to show in `room` rows: everything, or a window that ends at the focused block's last row. */
export function visibleRange(rows: readonly OwnedRow[], focus: number, room: number): { start: number; end: number } {
  if (rows.length <= room) return { start: 0, end: rows.length };
  const first = rows.findIndex((r) => r.owner === focus);
  let last = first;
  while (last + 1 < rows.length && rows[last + 1]?.owner === focus) last++;
  let start = Math.min(first, last + 1 - room);
  if (last + 1 - first > room) {
    const cursor = rows.findIndex((r, i) => i >= first && i <= last && r.cursor === true);
    // The cursor row in the middle of the window, the window within the field.
    if (cursor >= 0) start = Math.min(Math.max(first, cursor - Math.floor(room / 2)), last + 1 - room);
  }
  start = Math.max(0, Math.min(start, rows.length - room));
  return { start, end: start + room };
}
