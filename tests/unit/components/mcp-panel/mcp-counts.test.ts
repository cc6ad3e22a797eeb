import { describe, expect, it } from "vitest";
import { mcpCountsText } from "../../../../components/mcp-panel/mcp-summary.ts";
import { connected, server, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";

describe("the status bar's MCP counts", () => {
  it("a server waiting for a login is flagged with ! and is not counted as failed", () => {
    const snapshot = {
      servers: [
        server("tracker", connected(TRACKER_TOOLS)),
        server("notes", { status: "needs-auth", reason: "not logged in" }),
        server("broken", { status: "failed", error: "x", code: "connect-failed" }),
      ],
    };
    expect(mcpCountsText(snapshot)).toBe("MCP ✘1 !1 · 1/3");
  });
});
