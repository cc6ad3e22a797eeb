/**
 * Resolves once no MCP server is still starting or waiting for the user, so a
 * prompt given on the command line reaches a model that sees every tool the
 * user chose to allow.
 */
import type { McpSnapshot } from "../mcp/server-state.ts";
import type { ReadableStore } from "../store.ts";

const UNSETTLED = new Set(["pending", "needs-approval", "reconnecting"]);

function isSettled(snapshot: McpSnapshot): boolean {
  return snapshot.servers.every((server) => !UNSETTLED.has(server.state.status));
}

export function whenMcpSettled(store: ReadableStore<McpSnapshot>): Promise<void> {
  if (isSettled(store.getSnapshot())) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((next) => {
      if (!isSettled(next)) return;
      unsubscribe();
      resolve();
    });
  });
}
