import { describe, expect, it } from "vitest";
import { shorten, statusStyle } from "../../../../components/mcp-panel/server-status-style.ts";
import { connected, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";

describe("statusStyle", () => {
  it("gives each status its glyph and colour", () => {
    const styles = [
      connected(TRACKER_TOOLS),
      { status: "pending" } as const,
      { status: "reconnecting", attempt: 1 } as const,
      { status: "failed", error: "x", code: "handshake-failed" } as const,
      { status: "disabled", reason: "y", cause: "user" } as const,
      { status: "needs-approval" } as const,
      { status: "cached", tools: TRACKER_TOOLS, instructions: "" } as const,
      { status: "needs-auth", reason: "not logged in" } as const,
    ].map((state) => {
      const s = statusStyle(state);
      return `${s.glyph} ${s.color} ${s.label}${s.busy ? " (spinner)" : ""}`;
    });
    expect(styles).toEqual([
      "● green 3 tools",
      "◌ yellow starting (spinner)",
      "◌ yellow retry 1 (spinner)",
      "✘ red failed",
      "○ gray disabled",
      "? magenta approve?",
      "◍ cyan 3 cached",
      "! yellow login?",
    ]);
  });

  it("shortens a failure reason to its first line without the Error prefix", () => {
    expect(shorten("McpError: MCP error -32000: Connection closed\n  at x")).toBe("MCP error -32000: Connection closed");
  });

  it("a server waiting for a login says why, and how is in /mcp", () => {
    expect(statusStyle({ status: "needs-auth", reason: "login expired" }).reason).toBe("login expired");
  });
});
