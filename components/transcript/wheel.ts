/**
 * The mouse wheel, when the terminal reports it. mini-cc does not turn mouse
 * reporting on: that would take text selection away from the terminal (and
 * Claude Code leaves the mouse alone too). A terminal or multiplexer that
 * reports anyway sends SGR reports (`ESC[<65;12;4M`); Ink drops them before
 * any input handler, so nothing is ever typed into the prompt, and the
 * transcript reads the wheel from the raw input.
 */
import { WHEEL_LINES } from "./scroll.ts";

// eslint-disable-next-line no-control-regex -- reports start with ESC.
const SGR_MOUSE_REPORTS = /\u001b\[<(\d+);\d+;\d+[Mm]/g;
/** Shift, Meta and Ctrl bits of the button code. */
const MODIFIER_BITS = 4 | 8 | 16;
const WHEEL_UP = 64;
const WHEEL_DOWN = 65;

/** Lines the wheel reports in a chunk of input scroll: negative back, positive forward, 0 for none. */
export function wheelLines(chunk: string): number {
  let lines = 0;
  for (const [, code] of chunk.matchAll(SGR_MOUSE_REPORTS)) {
    const button = Number(code) & ~MODIFIER_BITS;
    if (button === WHEEL_UP) lines -= WHEEL_LINES;
    else if (button === WHEEL_DOWN) lines += WHEEL_LINES;
  }
  return lines;
}
