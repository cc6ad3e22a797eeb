/**
 * What the rest of mini-cc derives from an McpSnapshot: the connected
 * servers' tools as Tools, and their instructions as a system-prompt section.
 * Pure functions of the snapshot, so a view changes only when it does.
 */
import { instructionsSection } from "./instructions.ts";
import { McpTool, type McpCaller } from "./mcp-tool.ts";
import type { McpSnapshot } from "./server-state.ts";
import { assignToolNames } from "./tool-naming.ts";

/** Every connected server's tools, with collision-safe names, calling through `caller`. */
export function toolsOf(snapshot: McpSnapshot, caller: McpCaller): McpTool[] {
  const entries = snapshot.servers.flatMap((view) =>
    view.state.status === "connected" ? view.state.tools.map((info) => ({ server: view.name, info })) : [],
  );
  const names = assignToolNames(entries.map((e) => ({ server: e.server, tool: e.info.name })));
  return entries.map((e, i) => new McpTool({ name: names[i] as string, server: e.server, info: e.info, caller }));
}

/** The `# MCP Server Instructions` section ("" when no connected server sent any). */
export function instructionsOf(snapshot: McpSnapshot): string {
  return instructionsSection(
    snapshot.servers.flatMap((view) =>
      view.state.status === "connected" ? [{ name: view.name, instructions: view.state.instructions }] : [],
    ),
  );
}
