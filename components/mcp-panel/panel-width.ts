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

/** Where the side panel and the transcript sit on a terminal `columns` wide. */
export interface PanelColumns {
  /** The side panel's columns; 0 when hidden. */
  readonly side: number;
  /** An opened server's: half a wide screen; with no side panel, the whole screen. */
  readonly opened: number;
  /** What the transcript keeps (one column parts it from the panel). */
  readonly transcript: number;
}

/** No server configured: the panel would be an empty third of the screen (the footer says so instead). */
export function panelColumns(columns: number, servers: number): PanelColumns {
  const side = servers === 0 ? 0 : panelWidth(columns);
  if (side === 0) return { side, opened: columns, transcript: columns };
  return {
    side,
    opened: Math.max(side, Math.min(OPENED_PANEL_MAX, Math.round(columns / 2))),
    transcript: columns - side - 1,
  };
}
