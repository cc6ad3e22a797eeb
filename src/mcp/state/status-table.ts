/**
 * How each server status is shown, in one table for every view of it: the
 * side panel's glyph, colour and short label, `mini-cc mcp list`'s mark (the
 * ✔ / ✘ of Claude Code's `claude mcp list`), and the one sentence that tells
 * a user how to log in. Pure; each view adds its own counts and reasons.
 */
import type { ServerStatus } from "./server-state.ts";

/** The named terminal colours the table uses (Ink's and chalk's names). */
export type StatusColor = "green" | "cyan" | "yellow" | "red" | "gray" | "magenta";

export interface StatusLook {
  /** The panel's glyph before the name. */
  readonly glyph: string;
  /** The mark `mini-cc mcp list` puts before the status. */
  readonly listMark: string;
  /** Colour of the glyph and label. */
  readonly color: StatusColor;
  /** The panel's short label (10 columns) when it shows no count. */
  readonly label: string;
  /** Work is under way: the panel shows a spinner. */
  readonly busy: boolean;
}

export const STATUS_TABLE: Readonly<Record<ServerStatus, StatusLook>> = {
  connected: { glyph: "●", listMark: "✔", color: "green", label: "connected", busy: false },
  // Ready to be called from the tool cache, not yet (or no longer) connected: apart from green.
  cached: { glyph: "◍", listMark: "◍", color: "cyan", label: "cached", busy: false },
  pending: { glyph: "◌", listMark: "…", color: "yellow", label: "starting", busy: true },
  reconnecting: { glyph: "◌", listMark: "…", color: "yellow", label: "retry", busy: true },
  failed: { glyph: "✘", listMark: "✘", color: "red", label: "failed", busy: false },
  disabled: { glyph: "○", listMark: "○", color: "gray", label: "disabled", busy: false },
  "needs-approval": { glyph: "?", listMark: "?", color: "magenta", label: "approve?", busy: false },
  "needs-auth": { glyph: "!", listMark: "!", color: "yellow", label: "login?", busy: false },
  // Agent-scoped and not needed by any running agent: nothing wrong, nothing running.
  standby: { glyph: "◇", listMark: "◇", color: "gray", label: "standby", busy: false },
};

/** `needs authentication (REASON) — run: COMMAND`: what a server waiting for a login tells the user. */
export function needsAuthText(loginCommand: string, reason?: string): string {
  return `needs authentication${reason ? ` (${reason})` : ""} — run: ${loginCommand}`;
}
