/**
 * The mouse wheel, when the terminal reports it. mini-cc does not turn mouse
 * reporting on (that would take text selection away from the terminal, and
 * Claude Code leaves the mouse alone too), but a terminal or multiplexer that
 * reports anyway sends SGR reports (`ESC[<65;12;4M`); Ink hands them to every
 * input handler with the ESC stripped. The wheel scrolls the transcript, and
 * no report of any kind is ever typed into the prompt.
 */
import { WHEEL_LINES } from "./transcript-scroll.ts";

const SGR_MOUSE_REPORT = /^\u001b?\[<(\d+);\d+;\d+[Mm]$/;
/** Shift, Meta and Ctrl bits of the button code. */
const MODIFIER_BITS = 4 | 8 | 16;
const WHEEL_UP = 64;
const WHEEL_DOWN = 65;

/** Whether the input is a mouse report rather than typed text. */
export function isMouseReport(input: string): boolean {
  return SGR_MOUSE_REPORT.test(input);
}

/** Lines a report scrolls: negative for wheel up, positive for down, 0 for clicks and moves, null for non-mouse input. */
export function wheelLines(input: string): number | null {
  const match = SGR_MOUSE_REPORT.exec(input);
  if (!match) return null;
  const button = Number(match[1]) & ~MODIFIER_BITS;
  if (button === WHEEL_UP) return -WHEEL_LINES;
  if (button === WHEEL_DOWN) return WHEEL_LINES;
  return 0;
}
