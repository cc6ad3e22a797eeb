import { describe, expect, it } from "vitest";
import { validateEntry } from "../../../src/config/schema.ts";
import type { ServerConfig } from "../../../src/config/types.ts";
import type { McpSnapshot, McpToolInfo } from "../../../src/mcp/state/server-state.ts";
import { namedTools } from "../../../src/mcp/state/snapshot-views.ts";
import { matchesToolPattern, toolPassesFilter } from "../../../src/mcp/tools/filter.ts";
import { countMcp } from "../../../src/tui/mcp-summary.ts";
import { serverDetail } from "../../../src/tui/slash/mcp-status-lines.ts";
import { statusStyle } from "../../../components/mcp-panel/server-status-style.ts";

const info = (name: string): McpToolInfo => ({ name, description: "", inputSchema: { type: "object" }, annotations: {} });

function snapshotWith(entry: ServerConfig["entry"]): McpSnapshot {
  const config: ServerConfig = { name: "tracker", source: "user", file: "/home/u/.mini-cc/mcp.json", entry, resolved: entry };
  const tools = ["list_issues", "get_issue", "add_comment", "delete_issue"].map(info);
  return { servers: [{ name: "tracker", source: "user", config, state: { status: "connected", tools, instructions: "", connectMs: 1 }, health: { history: [], reconnects: 0, usage: {} } }] };
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
  it("are the ones its entry's includeTools and excludeTools let through", () => {
    const names = (entry: ServerConfig["entry"]) => namedTools(snapshotWith(entry)).map((t) => t.name);
    expect(names({ command: "x" })).toEqual([
      "mcp__tracker__list_issues",
      "mcp__tracker__get_issue",
      "mcp__tracker__add_comment",
      "mcp__tracker__delete_issue",
    ]);
    expect(names({ command: "x", includeTools: ["*_issue", "list_issues"] })).toEqual([
      "mcp__tracker__list_issues",
      "mcp__tracker__get_issue",
      "mcp__tracker__delete_issue",
    ]);
    expect(names({ command: "x", excludeTools: ["delete_*", "add_comment"] })).toEqual(["mcp__tracker__list_issues", "mcp__tracker__get_issue"]);
    expect(names({ type: "http", url: "http://x", includeTools: ["*_issue"], excludeTools: ["delete_issue"] })).toEqual([
      "mcp__tracker__get_issue",
    ]);
  });
});

describe("the counts the panel and /mcp show", () => {
  it("count the tools the filter offers, not every tool the server lists", () => {
    const entry = { command: "x", excludeTools: ["delete_*", "add_*"] };
    const snapshot = snapshotWith(entry);
    const [server] = snapshot.servers;
    expect(countMcp(snapshot).tools).toBe(2);
    expect(serverDetail(server!.state, entry)).toBe("2 tools");
    expect(statusStyle(server!.state, entry).label).toBe("2 tools");
    expect(statusStyle(server!.state).label).toBe("4 tools");
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
