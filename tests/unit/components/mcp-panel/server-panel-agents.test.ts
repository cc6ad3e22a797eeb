import { describe, expect, it } from "vitest";
import { serverPanelLines } from "../../../../components/mcp-panel/server-panel-lines.ts";
import { mcpStatusLines } from "../../../../components/mcp-panel/status-lines.ts";
import { connected, server, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";

// A connected agent-scoped server's tools are shown (panel, /mcp -v) though the main conversation is not offered them.
const main = server("memory", connected([]), "user");
const forQa = { ...server("tracker", connected(TRACKER_TOOLS), "project"), forAgents: { agents: ["qa"] } };
const snapshot = { servers: [forQa, main] };

describe("an agent-scoped server, opened or listed", () => {
  it("shows its tools, their cost counted against its agents' requests", () => {
    const rows = serverPanelLines(forQa, snapshot, undefined).map((row) => row.text);
    expect(rows.some((row) => /^3 tools · ~\d+ tokens in every request of its agents$/.test(row))).toBe(true);
    expect(rows).toContain("mcp__tracker__list_issues");
  });

  it("lists its tools under it with /mcp -v", () => {
    const lines = mcpStatusLines(snapshot, { verbose: true });
    expect(lines.filter((line) => line.includes("mcp__tracker__"))).toHaveLength(3);
  });
});
