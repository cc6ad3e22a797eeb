/**
 * How each server status looks in the side panel: glyph, colour and a short
 * word. Pure, so every status is checked without rendering.
 */
import type { ServerState } from "../../src/mcp/state/server-state.ts";
import { plural } from "../../src/tui/mcp-summary.ts";
import { firstLine } from "../../src/config/describe.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";

/** A status as drawn: glyph, colour, label, reason. */
export interface StatusStyle {
  readonly glyph: string;
  /** Ink colour name. */
  readonly color: string;
  /** Right-hand column: `3 tools`, `starting`, `failed`… */
  readonly label: string;
  /** Second line, when the status has a reason worth reading. */
  readonly reason?: string;
  /** Shows a spinner next to the label. */
  readonly busy: boolean;
}

/** The look of one server state. */
export function statusStyle(state: ServerState): StatusStyle {
  switch (state.status) {
    case "connected":
      return { glyph: "●", color: "green", label: plural(state.tools.length, "tool"), ...(state.cacheNote ? { reason: shorten(state.cacheNote) } : {}), busy: false };
    case "cached":
      // Ready to be called from the tool cache, not yet (or no longer) connected: apart from green.
      // "ready (cached)" in full where there is room (/mcp, `mcp list`); the label column holds 10.
      return { glyph: "◍", color: "cyan", label: `${state.tools.length} cached`, busy: false };
    case "pending":
      // Past its connect timeout it goes on in the background; the label column is too narrow to say so.
      return { glyph: "◌", color: "yellow", label: "starting", ...(state.stillStarting ? { reason: "still starting in the background" } : {}), busy: true };
    case "reconnecting":
      return { glyph: "◌", color: "yellow", label: `retry ${state.attempt}`, busy: true };
    case "failed":
      return { glyph: "✘", color: "red", label: "failed", reason: shorten(state.error), busy: false };
    case "disabled":
      return { glyph: "○", color: "gray", label: "disabled", reason: shorten(state.reason), busy: false };
    case "needs-approval":
      return { glyph: "?", color: "magenta", label: "approve?", busy: false };
    case "needs-auth":
      return { glyph: "!", color: "yellow", label: "login?", reason: shorten(state.reason), busy: false };
  }
}

/** First line of a reason (a server's own words: untrusted, so escapes are shown, never sent), without the noise of an Error prefix. */
export function shorten(reason: string): string {
  const line = terminalSafeLine(firstLine(reason).trim());
  return line.replace(/^(Error|McpError):\s*/, "");
}
