import { describe, expect, it } from "vitest";
import { formatListLines, isConnected, listRows } from "../../../../src/cli/mcp/list-rows.ts";
import { beginLife } from "../../../../src/mcp/state/lifecycle.ts";
import { stdioServer } from "../../../helpers/mcp-fixtures.ts";
import { toolInfo } from "../../../helpers/tui-fixtures.ts";

describe("mcp list rows of a server offered from the tool cache", () => {
  it("reads ready (cached) with its tools, and is not counted as connected", async () => {
    const config = stdioServer("docs", { command: "docs-server" });
    const view = {
      name: "docs",
      source: "user" as const,
      config,
      ...beginLife({ status: "cached", tools: [toolInfo("search"), toolInfo("fetch")], instructions: "" }),
    };
    const [row] = await listRows(
      { servers: [view] },
      {
        files: new Map([["docs", "/home/u/.mini-cc/mcp.json"]]),
        approvalOf: async () => "approved",
        logOf: async () => undefined,
      },
    );
    expect(row).toMatchObject({ status: "cached", tools: ["search", "fetch"] });
    expect(formatListLines(row!, "/home/u")).toEqual(["docs: docs-server (user) - ◍ ready (cached) · 2 tools"]);
    expect(isConnected(row!)).toBe(false);
  });
});
