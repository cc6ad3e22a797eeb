/** The braille spinner's frames and pace, shared by every spinner on the screen. */

export const SPINNER_INTERVAL_MS = 80;

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** The glyph shown at animation frame `frame` (any count: it wraps). */
export function spinnerGlyph(frame: number): string {
  return FRAMES[frame % FRAMES.length]!;
}
