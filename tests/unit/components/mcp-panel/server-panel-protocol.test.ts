import { describe, expect, it } from "vitest";
import { serverPanelLines } from "../../../../components/mcp-panel/server-panel-lines.ts";
import type { ServerState } from "../../../../src/mcp/state/server-state.ts";
import { connected, server, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";

const speaking = (protocolVersion: string): ServerState => ({
  status: "connected",
  tools: TRACKER_TOOLS,
  instructions: "",
  connectMs: 5,
  protocolVersion,
});

describe("the opened server's protocol version", () => {
  it("is shown under what runs once connected, made terminal-safe", () => {
    const view = server("tracker", speaking("2026-07-28"));
    const rows = serverPanelLines(view, { servers: [view] }, undefined).map((row) => row.text);
    expect(rows).toContain("MCP 2026-07-28");
    const hostile = server("evil", speaking("\u001b]0;x\u0007v"));
    expect(
      serverPanelLines(hostile, { servers: [hostile] }, undefined)
        .map((row) => row.text)
        .join("\n"),
    ).not.toMatch(/[\u001b\u0007]/);
  });

  it("is not shown for a server without one (a cached list)", () => {
    const view = server("tracker", connected(TRACKER_TOOLS));
    expect(serverPanelLines(view, { servers: [view] }, undefined).some((row) => row.text.startsWith("MCP "))).toBe(
      false,
    );
  });
});
