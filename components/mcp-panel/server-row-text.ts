/**
 * One server's line in the side panel, `● tracker   project  3 tools`, as a
 * single styled string: glyph, name, source and status label, cut and padded
 * to fixed columns. One string rather than a Text per column: the row is one
 * Ink node instead of eight nested ones, and what it shows is a plain value a
 * test reads. Styles are applied in Ink's order (dim, colour, bold), so the
 * screen is byte for byte the one the nested Texts drew.
 */
import chalk from "chalk";
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { paddingTo, truncateEnd } from "../../src/text/truncate-end.ts";
import type { StatusStyle } from "./server-status-style.ts";

/** Glyph and the space after it. */
const GLYPH_WIDTH = 2;
/** Wide enough for "project" and for "⠋ starting" / "approve?". */
const SOURCE_WIDTH = 8;
const LABEL_WIDTH = 10;
/** The spinner and the space after it. */
const SPINNER_WIDTH = 2;

/** How the row is drawn besides the server itself. */
export interface ServerRowLook {
  readonly style: StatusStyle;
  /** The focused panel's selection: `❯` and the name in cyan. */
  readonly selected: boolean;
  /** Present when it runs sandboxed: how many things the sandbox blocked (▣, ▣3). */
  readonly blocked?: number;
  /** The spinner's glyph, shown before the label of a busy server. */
  readonly spinner: string;
}

/** The row for `server` in `width` columns (the panel's, inside its border and padding). */
export function serverRowText(server: ServerView, width: number, look: ServerRowLook): string {
  const { style, selected, blocked, spinner } = look;
  const shadows = Boolean(server.config?.shadows);
  // The name takes what the fixed columns leave (one space before the source).
  const nameWidth = Math.max(0, width - GLYPH_WIDTH - 1 - SOURCE_WIDTH - LABEL_WIDTH);
  const name = truncateEnd(terminalSafeLine(server.name), nameWidth);
  const source = truncateEnd(server.source, SOURCE_WIDTH);
  const nameColor = selected ? chalk.cyan : String;
  const nameText = server.state.status === "connected" || selected ? chalk.bold(nameColor(name)) : nameColor(name);
  // Yellow: this entry overrides another scope's of the same name (the opened view says which).
  const sourceText = shadows ? chalk.yellow(source) : chalk.dim(source);
  const label = truncateEnd(style.label, LABEL_WIDTH - (style.busy ? SPINNER_WIDTH : 0));
  const paint = chalk[style.color];
  return [
    selected ? chalk.cyan("❯") : paint(style.glyph),
    " ",
    nameText,
    paddingTo(name, nameWidth),
    " ",
    sourceText,
    paddingTo(source, SOURCE_WIDTH),
    paint(style.busy ? `${spinner} ${label}` : label),
    blockedMark(blocked),
  ].join("");
}

/** ` ▣` when sandboxed, yellow ` ▣2` once the sandbox blocked two things (the opened view lists what). */
function blockedMark(blocked: number | undefined): string {
  if (blocked === undefined) return "";
  return blocked > 0 ? chalk.yellow(` ▣${blocked}`) : chalk.dim(" ▣");
}
