/**
 * How each server status looks in the side panel: STATUS_TABLE's glyph,
 * colour and short word, with counts and reasons. Pure, so every status is
 * checked without rendering.
 */
import { stillStartingText } from "../../src/mcp/state/startup-silence.ts";
import type { ServerState } from "../../src/mcp/state/server-state.ts";
import { plural } from "../rows/words.ts";
import { STATUS_TABLE, type StatusColor } from "../../src/mcp/state/status-table.ts";
import { firstLine } from "../../src/config/describe.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";

/** A status as drawn: glyph, colour, label, reason. */
export interface StatusStyle {
  readonly glyph: string;
  readonly color: StatusColor;
  /** Right-hand column: `3 tools`, `starting`, `failed`… */
  readonly label: string;
  /** Second line, when the status has a reason worth reading. */
  readonly reason?: string;
  /** Shows a spinner next to the label. */
  readonly busy: boolean;
}

/** The look of one server state: STATUS_TABLE's, with the tool count or the attempt, and the reason worth reading (a retrying server's last failure). */
export function statusStyle(state: ServerState, lastFailure?: string): StatusStyle {
  const { glyph, color, label, busy } = STATUS_TABLE[state.status];
  const look = { glyph, color, label, busy };
  switch (state.status) {
    case "connected":
      return {
        ...look,
        label: plural(state.tools.length, "tool"),
        ...(state.cacheNote ? { reason: shorten(state.cacheNote) } : {}),
      };
    case "cached":
      // "ready (cached)" in full where there is room (/mcp, `mcp list`); the label column holds 10.
      return { ...look, label: `${state.tools.length} cached` };
    case "pending":
      // Past its connect timeout it goes on in the background; the label column is too narrow to say so.
      return { ...look, ...(state.stillStarting ? { reason: stillStartingText(state.silence) } : {}) };
    case "reconnecting":
      return { ...look, label: `retry ${state.attempt}`, ...(lastFailure ? { reason: shorten(lastFailure) } : {}) };
    case "failed":
      return { ...look, reason: shorten(state.error) };
    case "disabled":
    case "needs-auth":
      return { ...look, reason: shorten(state.reason) };
    default:
      return look;
  }
}

/** First line of a reason (a server's own words: untrusted, so escapes are shown, never sent), without the noise of an Error prefix. */
export function shorten(reason: string): string {
  const line = terminalSafeLine(firstLine(reason).trim());
  return line.replace(/^(Error|McpError):\s*/, "");
}
