/**
 * The text of `/mcp` and `/mcp -v`: one aligned line per server
 * (`tracker  connected  project  3 tools`), and with -v each tool under it.
 */
import type { McpSnapshot, ServerState, ServerView } from "../../mcp/server-state.ts";
import { mcpSummaryText, plural } from "../mcp-summary.ts";

const TOOL_INDENT = "    ";

/** What follows the source column: tool count, or why the server is not usable. */
export function serverDetail(state: ServerState): string {
  switch (state.status) {
    case "connected":
      return plural(state.tools.length, "tool");
    case "pending":
      return "connecting…";
    case "reconnecting":
      return `reconnecting (attempt ${state.attempt})`;
    case "failed":
      return firstLine(state.error);
    case "disabled":
      return firstLine(state.reason);
    case "needs-approval":
      return "waiting for your approval";
  }
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0] ?? "";
}

/**
 * The name the model sees for a server tool, for display only: the registry
 * owns the real names (collision suffixes included).
 */
export function displayToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
}

function toolLines(server: ServerView): string[] {
  if (server.state.status !== "connected") return [];
  return server.state.tools.map((tool) => {
    const name = TOOL_INDENT + displayToolName(server.name, tool.name);
    return tool.annotations.readOnlyHint ? `${name}  (read-only)` : name;
  });
}

/** The /mcp listing; `verbose` adds each server's tools. */
export function mcpStatusLines(snapshot: McpSnapshot, verbose: boolean): string[] {
  const { servers } = snapshot;
  if (servers.length === 0) {
    return ["No MCP servers configured. Declare them in .mcp.json, or add one with `mini-cc mcp add`."];
  }
  const nameWidth = Math.max(...servers.map((s) => s.name.length));
  const statusWidth = Math.max(...servers.map((s) => s.state.status.length));
  const sourceWidth = Math.max(...servers.map((s) => s.source.length));
  const lines = [mcpSummaryText(snapshot)];
  for (const server of servers) {
    const columns = [
      server.name.padEnd(nameWidth),
      server.state.status.padEnd(statusWidth),
      server.source.padEnd(sourceWidth),
      serverDetail(server.state),
    ];
    lines.push(columns.join("  "));
    if (verbose) lines.push(...toolLines(server));
  }
  return lines;
}
