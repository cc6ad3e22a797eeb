import { describe, expect, it } from "vitest";
import { shorten, statusStyle } from "../../../../components/mcp-panel/server-status-style.ts";
import { connected, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";
import { serverDetail } from "../../../../components/mcp-panel/status-lines.ts";

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
    expect(shorten("McpError: MCP error -32000: Connection closed\n  at x")).toBe(
      "MCP error -32000: Connection closed",
    );
  });

  it("a server waiting for a login says why, and how is in /mcp", () => {
    expect(statusStyle({ status: "needs-auth", reason: "login expired" }).reason).toBe("login expired");
  });
});

describe("a server past its connect timeout", () => {
  it("says whether it is installing or started and silent, in the panel's row and its detail", () => {
    const silent = { status: "pending", stillStarting: true, silence: { ms: 30_000, installing: false } } as const;
    const installing = { status: "pending", stillStarting: true, silence: { ms: 30_000, installing: true } } as const;
    expect(statusStyle(silent).reason).toBe(
      "started, no answer to initialize after 30 s (MCP_TIMEOUT gives it longer)",
    );
    expect(serverDetail(installing)).toBe(
      "still starting after 30 s: npx may still be installing the package (MCP_TIMEOUT gives it longer); its tools are added when it connects",
    );
  });
});
