/**
 * How wide the MCP side panel is: about a quarter of the terminal, so a
 * failure reason stays readable on a wide screen, within bounds that keep
 * the rows legible and the transcript the widest part. Pure.
 */

/** Narrower than this, the panel gives its columns back to the transcript (the footer carries the counts). */
export const PANEL_MIN_COLUMNS = 90;
/** The narrowest panel: glyph, a short name, source and status label. */
export const PANEL_MIN_WIDTH = 36;
/** The widest: more only widens empty space. */
export const PANEL_MAX_WIDTH = 60;

/** The panel's columns, border included, on a terminal this wide; 0 when it is hidden. */
export function panelWidth(columns: number): number {
  if (columns < PANEL_MIN_COLUMNS) return 0;
  return Math.min(PANEL_MAX_WIDTH, Math.max(PANEL_MIN_WIDTH, Math.round(columns / 4)));
}

/** An opened server takes half the screen, up to this many columns. */
export const OPENED_PANEL_MAX = 80;
