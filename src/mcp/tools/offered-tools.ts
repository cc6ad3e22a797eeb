/**
 * The tools the servers in an McpSnapshot offer, under their registry
 * names, and as Tools the agent loop can call. Pure functions of the
 * snapshot: McpManager keeps one array per snapshot, so the system prompt
 * stays the same until the servers change.
 */
import { McpTool, type McpCaller } from "./mcp-tool.ts";
import type { McpSnapshot, McpToolInfo, ServerView } from "../state/server-state.ts";
import { conversationServers, offersTools } from "../state/snapshot-views.ts";
import { assignToolNames } from "./naming.ts";

/**
 * Every connected (or cached) server's tools (those its entry's includeTools /
 * excludeTools let through: the supervisor filters them as they enter the state),
 * in declaration order, each with its collision-safe registry name. The main
 * conversation's servers by default: never those kept for agents.
 */
export function namedTools(
  snapshot: McpSnapshot,
  servers: readonly ServerView[] = conversationServers(snapshot),
): { name: string; server: string; info: McpToolInfo }[] {
  const entries = servers.flatMap((view) =>
    offersTools(view.state) ? view.state.tools.map((info) => ({ server: view.name, info })) : [],
  );
  const names = assignToolNames(entries.map((e) => ({ server: e.server, tool: e.info.name })));
  return entries.map((e, i) => ({ name: names[i] as string, ...e }));
}

/** Every connected server's tools as Tools under their registry names, calling through `caller`; `trusted`: whether a server's readOnlyHint is. */
export function toolsOf(
  snapshot: McpSnapshot,
  caller: McpCaller,
  trusted: (server: string) => boolean = () => true,
): McpTool[] {
  return namedTools(snapshot).map(
    (tool) => new McpTool({ ...tool, caller, readOnlyHintTrusted: trusted(tool.server) }),
  );
}

/**
 * The tools of the servers named in `names` as one agent sees them: named
 * among the main conversation's tools (a configured server keeps the names
 * the parent's list gives it; a clash takes a suffix, never a parent's name).
 */
export function agentToolsOf(
  snapshot: McpSnapshot,
  names: ReadonlySet<string>,
  caller: McpCaller,
  trusted: (server: string) => boolean,
): McpTool[] {
  const main = conversationServers(snapshot);
  const agents = snapshot.servers.filter((view) => view.forAgents !== undefined && names.has(view.name));
  return namedTools(snapshot, [...main, ...agents])
    .filter((tool) => names.has(tool.server))
    .map((tool) => new McpTool({ ...tool, caller, readOnlyHintTrusted: trusted(tool.server) }));
}

/**
 * Every server's tools under the names they are offered by, for the screens
 * (/mcp -v, the panel): the main conversation's as its list has them, an
 * agent-scoped server's as its agents see them (agentToolsOf), named after the main ones.
 */
export function shownTools(snapshot: McpSnapshot): { name: string; server: string; info: McpToolInfo }[] {
  const agents = snapshot.servers.filter((view) => view.forAgents !== undefined);
  return namedTools(snapshot, [...conversationServers(snapshot), ...agents]);
}

/** One registered MCP tool as plain data: what /mcp -v lists. */
export interface McpToolView {
  /** The name the model sees, `mcp__tracker__list_issues`, collision suffix included. */
  readonly name: string;
  readonly server: string;
  /** The tool's own name on its server. */
  readonly toolName: string;
  readonly readOnly: boolean;
  readonly annotations: McpToolInfo["annotations"];
}

/** Every connected server's tools under the names they are offered by (shownTools), agent-scoped servers' last. */
export function toolViews(snapshot: McpSnapshot): McpToolView[] {
  return shownTools(snapshot).map(({ name, server, info }) => ({
    name,
    server,
    toolName: info.name,
    readOnly: info.annotations.readOnlyHint === true,
    annotations: info.annotations,
  }));
}
