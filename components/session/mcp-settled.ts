/**
 * Whether every declared MCP server has settled: connected, offered from the
 * tool cache (its calls wait for the live connect), failed, disabled,
 * or answered by the user. A prompt waits for that, so the model's first
 * request carries the tools of every server the user chose to allow, instead
 * of going out without a server that is about to connect.
 */
import type { McpSnapshot } from "../../src/mcp/state/server-state.ts";
import type { ReadableStore } from "../../src/store.ts";
import { plural } from "../rows/words.ts";

// A server waiting for approval counts too: its modal is on screen, and an approved one starts at once.
const UNSETTLED = new Set(["pending", "needs-approval", "reconnecting"]);

/** How many servers are still starting, reconnecting or waiting for the user's answer (one starting on in the background past its connect timeout does not count). */
export function unsettledServers(snapshot: McpSnapshot): number {
  return snapshot.servers.filter(
    ({ state }) => UNSETTLED.has(state.status) && !(state.status === "pending" && state.stillStarting),
  ).length;
}

/** The line under a held prompt: `waiting for 2 MCP servers… (esc to send now)`. */
export function mcpWaitLine(servers: number, canSendNow: boolean): string {
  return `waiting for ${plural(servers, "MCP server")}…${canSendNow ? " (esc to send now)" : ""}`;
}

/** Resolves once no server is unsettled. */
export function whenMcpSettled(store: ReadableStore<McpSnapshot>): Promise<void> {
  if (unsettledServers(store.getSnapshot()) === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((next) => {
      if (unsettledServers(next) > 0) return;
      unsubscribe();
      resolve();
    });
  });
}
