/**
 * What the rest of mini-cc derives from an McpSnapshot: the connected (or cached)
 * servers' tools as Tools, and their instructions as a system-prompt section.
 * Pure functions of the snapshot, so a view changes only when it does.
 */
import { instructionsSection } from "../features/instructions.ts";
import { McpTool, type McpCaller } from "../tools/mcp-tool.ts";
import type { McpSnapshot, McpToolInfo, ServerState, ServerView } from "./server-state.ts";
import { assignToolNames } from "../tools/naming.ts";

/** The server named `name`, if the snapshot lists it. */
export function serverView(snapshot: McpSnapshot, name: string): ServerView | undefined {
  return snapshot.servers.find((view) => view.name === name);
}

/** A connected server, or one offered from the tool cache (its calls wait for the live connect). */
export function offersTools(state: ServerState): state is Extract<ServerState, { status: "connected" | "cached" }> {
  return state.status === "connected" || state.status === "cached";
}

/**
 * Every connected (or cached) server's tools (those its entry's includeTools /
 * excludeTools let through: the supervisor filters them as they enter the state),
 * in declaration order, each with its collision-safe registry name.
 */
export function namedTools(snapshot: McpSnapshot): { name: string; server: string; info: McpToolInfo }[] {
  const entries = snapshot.servers.flatMap((view) =>
    offersTools(view.state)
      ? view.state.tools.map((info) => ({ server: view.name, info }))
      : [],
  );
  const names = assignToolNames(entries.map((e) => ({ server: e.server, tool: e.info.name })));
  return entries.map((e, i) => ({ name: names[i] as string, ...e }));
}

/** Every connected server's tools as Tools under their registry names, calling through `caller`. */
export function toolsOf(snapshot: McpSnapshot, caller: McpCaller): McpTool[] {
  return namedTools(snapshot).map((tool) => new McpTool({ ...tool, caller }));
}

/** The `# MCP Server Instructions` section ("" when no connected server sent any). */
export function instructionsOf(snapshot: McpSnapshot): string {
  return instructionsSection(
    snapshot.servers.flatMap((view) =>
      offersTools(view.state) ? [{ name: view.name, instructions: view.state.instructions }] : [],
    ),
  );
}
