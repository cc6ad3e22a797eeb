/**
 * The one-line MCP summary: the side panel's header, the footer when the
 * panel is hidden, and /mcp all say the same thing.
 */
import type { McpSnapshot } from "../../src/mcp/state/server-state.ts";
import { conversationServers } from "../../src/mcp/state/snapshot-views.ts";
import { plural } from "../rows/words.ts";

/**
 * The main conversation's connected servers, servers offered from the tool cache, all its servers,
 * tools offered by both; and how many servers are kept for agents (listed apart, under their agents).
 */
export interface McpCounts {
  readonly connected: number;
  readonly cached: number;
  readonly total: number;
  readonly tools: number;
  readonly forAgents: number;
}

/** Counts for the summary line. */
export function countMcp(snapshot: McpSnapshot): McpCounts {
  let connected = 0;
  let cached = 0;
  let tools = 0;
  const main = conversationServers(snapshot);
  for (const server of main) {
    if (server.state.status === "connected") connected += 1;
    else if (server.state.status === "cached") cached += 1;
    else continue;
    tools += server.state.tools.length;
  }
  return { connected, cached, total: main.length, tools, forAgents: snapshot.servers.length - main.length };
}

/** `MCP 1/2 connected · 3 tools` (`MCP 1/3 · 1 cached · 5 tools` while some are offered from the cache); a string, so it is a stable useStore selection. */
export function mcpSummaryText(snapshot: McpSnapshot): string {
  const { connected, cached, total, tools, forAgents } = countMcp(snapshot);
  if (total === 0) return forAgents > 0 ? `MCP ${forAgents} for agents` : "MCP no servers";
  // Short enough for the side panel's header: "connected" gives way to the cached count.
  if (cached > 0) return `MCP ${connected}/${total} · ${cached} cached · ${plural(tools, "tool")}`;
  return `MCP ${connected}/${total} connected · ${plural(tools, "tool")}`;
}

/**
 * `MCP ✘1 ?1 · 4/6`: the footer's short form when the side panel is hidden.
 * Failed (✘), waiting for approval (?) and waiting for a login (!) come first, since they need the
 * user; then connected of all.
 */
export function mcpCountsText(snapshot: McpSnapshot): string {
  const { connected, total, forAgents } = countMcp(snapshot);
  if (total === 0 && forAgents === 0) return "MCP none";
  let failed = 0;
  let waiting = 0;
  let login = 0;
  // An agent's server that failed or waits for the user needs them as much.
  for (const server of snapshot.servers) {
    if (server.state.status === "failed") failed += 1;
    else if (server.state.status === "needs-approval") waiting += 1;
    else if (server.state.status === "needs-auth") login += 1;
  }
  const attention = [
    failed > 0 ? `✘${failed}` : "",
    waiting > 0 ? `?${waiting}` : "",
    login > 0 ? `!${login}` : "",
  ].filter(Boolean);
  return attention.length > 0 ? `MCP ${attention.join(" ")} · ${connected}/${total}` : `MCP ${connected}/${total}`;
}
