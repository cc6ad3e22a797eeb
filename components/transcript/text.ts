/**
 * Text from the model, a tool or a server, made safe and measured for the
 * transcript: control characters become visible pictures (`␛`, through
 * src/text/terminal-safe.ts, like every other untrusted text) so no escape
 * sequence ever reaches the terminal, and styled text is wrapped to a width
 * the way the terminal will show it (wide characters count two cells).
 */
import { stripVTControlCharacters } from "node:util";
import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";
import { expandTabs } from "./result-preview.ts";
import { terminalSafeText } from "../../src/text/terminal-safe.ts";

/** Untrusted text with line breaks normalised, tabs expanded to their stops and every other control character shown as a picture. */
export function visibleText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => terminalSafeText(expandTabs(line), { style: "picture" }))
    .join("\n");
}

/**
 * Styled text broken into rows of at most `width` cells; words move whole, a
 * word longer than a row is cut. Prose drops the spaces at the breaks; with
 * `keepIndent` (code, tool output) a line's leading spaces stay.
 */
export function wrapLines(styled: string, width: number, keepIndent = false): string[] {
  // Most rows already fit: wrap-ansi would return them as they are, at a cost (its first styled row, ~8 ms, fell on the first frame).
  if (fitsAsIs(styled, width, keepIndent)) return [styled.trimEnd()];
  return wrapAnsi(styled, Math.max(1, width), { hard: true, trim: !keepIndent })
    .split("\n")
    .map((line) => line.trimEnd());
}

/** One row that needs no wrapping: no line break, narrow enough, and (unless kept) no edge spaces to trim. */
function fitsAsIs(styled: string, width: number, keepIndent: boolean): boolean {
  if (styled.includes("\n") || stringWidth(styled) > Math.max(1, width)) return false;
  const visible = stripVTControlCharacters(styled);
  return keepIndent ? !/\s$/.test(visible) : !/^\s|\s$/.test(visible);
}

/**
 * `❯ body` as rows: the mark in a gutter of `gutter` cells on the first row,
 * the body wrapping beside it, its later rows starting under the body.
 */
export function withGutter(mark: string, gutter: number, body: readonly string[]): string[] {
  const pad = " ".repeat(gutter);
  return body.map((line, i) => (i === 0 ? mark : pad) + line);
}
