/**
 * Text from a config, a server or the model, made safe to print on a
 * terminal: control characters and escape sequences are shown as visible
 * escapes (`\x1b[2J` prints as those seven characters) instead of being
 * obeyed. Nothing is hidden or dropped, so what the user reads is what the
 * text holds; only the terminal never gets to act on it.
 */

/**
 * C0 controls but line feed and tab, DEL, C1 controls (0x9b is a one-byte CSI),
 * the Unicode line/paragraph separators and the bidirectional overrides and
 * isolates that can make text read differently from what it is.
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** Tabs become this many spaces: a terminal's tab stops would break the column counts of wrapped text. */
const TAB = "    ";

function escapeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * The one-cell form the transcript uses, where columns matter: C0 controls as
 * Unicode's control pictures (ESC as ␛), DEL as ␡; the rest escaped as above.
 */
function pictureChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  return code === 0x7f ? "\u2421" : escapeChar(ch);
}

export interface TerminalSafeOptions {
  /** Keep tabs (plain output not laid out in columns, such as print mode's answer, which may be code). */
  readonly keepTabs?: boolean;
  /** "escape" (default): `\x1b`; "picture": `␛`, one cell wide. */
  readonly style?: "escape" | "picture";
}

/** `text` with its line breaks kept and every other control character shown escaped; tabs become spaces unless `keepTabs`. */
export function terminalSafeText(text: string, options: TerminalSafeOptions = {}): string {
  const safe = text.replace(/\r\n/g, "\n").replace(UNSAFE, options.style === "picture" ? pictureChar : escapeChar);
  return options.keepTabs ? safe : safe.replace(/\t/g, TAB);
}

/** `text` for a single row: line breaks are shown as `\n` too. */
export function terminalSafeLine(text: string): string {
  return terminalSafeText(text).replace(/\n/g, "\\n");
}
