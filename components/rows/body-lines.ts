/**
 * What an approval modal asks about, as rows of text: everything the user
 * approves, never cut, wrapped to the modal's width, scrolled when it is
 * taller than the screen. Pure, so wrapping and scrolling are tested on plain
 * values; the modal only colours the rows by their tone.
 */
import wrapAnsi from "wrap-ansi";

/** How a row is shown: the modal maps each tone to a colour. */
export type BodyTone = "plain" | "strong" | "dim" | "command" | "added" | "removed" | "warning";

/** One logical line; `indent` columns of space go before it and before each of its wrapped rows. */
export interface BodyLine {
  readonly text: string;
  readonly tone: BodyTone;
  readonly indent?: number;
  /** Further columns of indent for its wrapped rows after the first (a diff row's text under its text, not its number). */
  readonly hang?: number;
}

/** A line of the given tone (text must already be terminal-safe and free of line breaks). */
export function line(text: string, tone: BodyTone = "plain", indent = 0, hang = 0): BodyLine {
  return { text, tone, ...(indent === 0 ? {} : { indent }), ...(hang === 0 ? {} : { hang }) };
}

/**
 * Each line broken into rows of at most `width` columns, at spaces where it
 * can be and inside a word where it must; the indent is repeated on every row.
 */
export function wrapBody(lines: readonly BodyLine[], width: number): BodyLine[] {
  return lines.flatMap(({ text, tone, indent = 0, hang = 0 }) => {
    if (text === "") return [line("", tone, indent)];
    const [first = "", ...rest] = wrapAnsi(text, Math.max(1, width - indent), { hard: true, trim: false }).split("\n");
    // What follows the first row is wrapped again to the narrower room its hanging indent leaves.
    const tail =
      rest.length === 0
        ? []
        : wrapAnsi(rest.join(""), Math.max(1, width - indent - hang), { hard: true, trim: false }).split("\n");
    return [line(first, tone, indent), ...tail.map((row) => line(row, tone, indent + hang))];
  });
}

/** Which rows of a body show, and how many are hidden on each side. */
export interface BodyWindow {
  /** First shown row (0-based). */
  readonly start: number;
  /** One past the last shown row. */
  readonly end: number;
  readonly above: number;
  readonly below: number;
}

/** The rows shown when `total` rows scrolled by `offset` get `rows` rows of screen; the offset is clamped. */
export function bodyWindow(total: number, offset: number, rows: number): BodyWindow {
  const visible = Math.max(1, Math.min(total, rows));
  const start = Math.max(0, Math.min(offset, total - visible));
  const end = start + visible;
  return { start, end, above: start, below: total - end };
}

/** `↑ 3 lines above · ↓ 12 lines below`, for a body that does not fit. */
export function hiddenRowsText(window: BodyWindow): string {
  const rows = (n: number) => `${n} ${n === 1 ? "line" : "lines"}`;
  const parts = [
    ...(window.above > 0 ? [`↑ ${rows(window.above)} above`] : []),
    ...(window.below > 0 ? [`↓ ${rows(window.below)} below`] : []),
  ];
  return parts.join(" · ");
}
