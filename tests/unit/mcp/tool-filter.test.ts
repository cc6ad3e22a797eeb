import { describe, expect, it } from "vitest";
import { validateEntry } from "../../../src/config/schema.ts";
import type { ServerConfig } from "../../../src/config/types.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { McpSnapshot } from "../../../src/mcp/state/server-state.ts";
import { McpManager } from "../../../src/mcp/manager.ts";
import type { CachedServer } from "../../../src/mcp/tools/cache.ts";
import { MemoryApprovals, memoryTransports, serverWith } from "../../helpers/mcp-fixtures.ts";
import { namedTools } from "../../../src/mcp/tools/offered-tools.ts";
import { matchesToolPattern, toolPassesFilter } from "../../../src/mcp/tools/filter.ts";
import { countMcp } from "../../../components/mcp-panel/mcp-summary.ts";
import { serverDetail } from "../../../components/mcp-panel/status-lines.ts";
import { statusStyle } from "../../../components/mcp-panel/server-status-style.ts";

const TOOLS = ["list_issues", "get_issue", "add_comment", "delete_issue"];

/** The state a real manager holds for a tracker server with `entry`'s filter: live, or offered from a cache of the same four tools. */
async function snapshotWith(entry: ServerConfig["entry"], from: "live" | "cache" = "live"): Promise<McpSnapshot> {
  const config: ServerConfig = {
    name: "tracker",
    source: "user",
    file: "/home/u/.mini-cc/mcp.json",
    entry,
    resolved: entry,
  };
  const { factory } = memoryTransports({ tracker: serverWith(...TOOLS) });
  const cached: CachedServer = {
    tools: TOOLS.map((name) => ({ name, description: "", inputSchema: { type: "object" }, annotations: {} })),
    skippedTools: [],
    instructions: "",
  };
  const manager = new McpManager({
    projectDir: "/project",
    approvals: new MemoryApprovals(),
    logDir: join(mkdtempSync(join(tmpdir(), "tool-filter-")), "logs"),
    env: { MCP_STARTUP: "lazy" },
    interactive: false,
    transportFactory: factory,
    ...(from === "cache" ? { toolCache: { read: async () => cached, write: async () => {} } } : {}),
  });
  await manager.start([config]);
  await manager.close();
  return manager.getSnapshot();
}

describe("tool patterns", () => {
  it("match exact names and * globs over the whole name", () => {
    expect(matchesToolPattern("get_issue", "get_issue")).toBe(true);
    expect(matchesToolPattern("get_issue", "get_issues")).toBe(false);
    expect(matchesToolPattern("get_*", "get_issue")).toBe(true);
    expect(matchesToolPattern("*_issue", "delete_issue")).toBe(true);
    expect(matchesToolPattern("*", "anything.at(all)")).toBe(true);
    expect(matchesToolPattern("a.b", "axb")).toBe(false);
  });

  it("let a tool through when included (or no include list) and not excluded: exclude wins", () => {
    expect(toolPassesFilter(undefined, "x")).toBe(true);
    expect(toolPassesFilter({ includeTools: ["get_*"] }, "get_issue")).toBe(true);
    expect(toolPassesFilter({ includeTools: ["get_*"] }, "list_issues")).toBe(false);
    expect(toolPassesFilter({ includeTools: ["*_issue"], excludeTools: ["delete_*"] }, "delete_issue")).toBe(false);
    expect(toolPassesFilter({ excludeTools: [] }, "x")).toBe(true);
  });
});

describe("a server's offered tools", () => {
  it("are the ones its entry's includeTools and excludeTools let through, live or from the cache", async () => {
    const names = async (entry: ServerConfig["entry"], from?: "cache") =>
      namedTools(await snapshotWith(entry, from)).map((t) => t.name);
    expect(await names({ command: "x" })).toEqual([
      "mcp__tracker__list_issues",
      "mcp__tracker__get_issue",
      "mcp__tracker__add_comment",
      "mcp__tracker__delete_issue",
    ]);
    expect(await names({ command: "x", includeTools: ["*_issue", "list_issues"] })).toEqual([
      "mcp__tracker__list_issues",
      "mcp__tracker__get_issue",
      "mcp__tracker__delete_issue",
    ]);
    expect(await names({ command: "x", excludeTools: ["delete_*", "add_comment"] })).toEqual([
      "mcp__tracker__list_issues",
      "mcp__tracker__get_issue",
    ]);
    expect(await names({ command: "x", excludeTools: ["delete_*", "add_comment"] }, "cache")).toEqual([
      "mcp__tracker__list_issues",
      "mcp__tracker__get_issue",
    ]);
    expect(
      await names({ type: "http", url: "http://x", includeTools: ["*_issue"], excludeTools: ["delete_issue"] }),
    ).toEqual(["mcp__tracker__get_issue"]);
  });
});

describe("the counts the panel and /mcp show", () => {
  it("count the tools the filter offers, not every tool the server lists: the state holds only those", async () => {
    const snapshot = await snapshotWith({ command: "x", excludeTools: ["delete_*", "add_*"] });
    const [server] = snapshot.servers;
    expect(countMcp(snapshot).tools).toBe(2);
    expect(serverDetail(server!.state)).toBe("2 tools");
    expect(statusStyle(server!.state).label).toBe("2 tools");
    expect(server!.state.status === "connected" && server!.state.tools.map((t) => t.name)).toEqual([
      "list_issues",
      "get_issue",
    ]);
  });
});

describe("entry validation of the filters", () => {
  const at = ["mcpServers", "tracker"];
  it("accepts lists of names and globs in stdio and remote entries", () => {
    expect(validateEntry({ command: "x", includeTools: ["a", "b_*"], excludeTools: [] }, at).ok).toBe(true);
    expect(validateEntry({ type: "http", url: "http://x", excludeTools: ["*"] }, at).ok).toBe(true);
  });

  it("names the server and the field of a bad value", () => {
    expect(validateEntry({ command: "x", includeTools: "get_*" }, at)).toEqual({
      ok: false,
      error: "mcpServers.tracker.includeTools: expected array, got string",
    });
    expect(validateEntry({ command: "x", excludeTools: ["ok", 3] }, at)).toEqual({
      ok: false,
      error: "mcpServers.tracker.excludeTools[1]: expected string, got number",
    });
    expect(validateEntry({ type: "sse", url: "http://x", excludeTools: [""] }, at)).toEqual({
      ok: false,
      error: "mcpServers.tracker.excludeTools[0]: must not be empty",
    });
  });
});
