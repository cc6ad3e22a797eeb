/**
 * Text from the model, a tool or a server, made safe and measured for the
 * transcript: control characters become visible pictures (`␛`) so no escape
 * sequence ever reaches the terminal, and styled text is wrapped to a width
 * the way the terminal will show it (wide characters count two cells).
 */
import wrapAnsi from "wrap-ansi";
import { expandTabs } from "./result-preview.ts";

/** C0 controls but tab and newline, DEL, and C1 controls. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const CONTROL_PICTURES = 0x2400;
const DEL_PICTURE = "\u2421";
const C1_PICTURE = "\ufffd";

function picture(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x20) return String.fromCodePoint(CONTROL_PICTURES + code);
  return code === 0x7f ? DEL_PICTURE : C1_PICTURE;
}

/** Untrusted text with line breaks normalised, tabs expanded and every other control character shown as a picture. */
export function visibleText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => expandTabs(line).replace(CONTROL, picture))
    .join("\n");
}

/**
 * Styled text broken into rows of at most `width` cells; words move whole, a
 * word longer than a row is cut. Prose drops the spaces at the breaks; with
 * `keepIndent` (code, tool output) a line's leading spaces stay.
 */
export function wrapLines(styled: string, width: number, keepIndent = false): string[] {
  return wrapAnsi(styled, Math.max(1, width), { hard: true, trim: !keepIndent })
    .split("\n")
    .map((line) => line.trimEnd());
}

/**
 * `❯ body` as rows: the mark in a gutter of `gutter` cells on the first row,
 * the body wrapping beside it, its later rows starting under the body.
 */
export function withGutter(mark: string, gutter: number, body: readonly string[]): string[] {
  const pad = " ".repeat(gutter);
  return body.map((line, i) => (i === 0 ? mark : pad) + line);
}
