/**
 * Reconnecting to a streamable-HTTP server that restarted: the time from the
 * server being back (listening again on its port) to the next successful tool
 * call, which meets the forgotten session, opens a new one and sends the call
 * again (McpManager, session-renewal.ts). The floor, measured in the same
 * run: a fresh connect (handshake + tools/list) plus one call, timed the same
 * way from a restarted server being back (its first requests are cold on
 * both sides). Target: reconnect ≤ floor + one round-trip (the refused call).
 * Rounds alternate which side goes first; the figures are medians.
 *
 *   npx node bench/remote-reconnect.ts     (BENCH_ROUNDS=9)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerConfig } from "../src/config/types.ts";
import { McpManager } from "../src/mcp/manager.ts";
import { NO_RECONNECT } from "../src/mcp/state/reconnect-policy.ts";
import type { ApprovalRecords } from "../src/mcp/approvals/approval-types.ts";
import { startOAuthServer, type OAuthServerProcess } from "../tests/helpers/oauth-server-process.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const root = mkdtempSync(join(tmpdir(), "remote-reconnect-bench-"));
const approvals: ApprovalRecords = {
  status: async () => "approved",
  approve: async () => {},
  previous: async () => undefined,
} as unknown as ApprovalRecords;

function manager(): McpManager {
  // No timer-driven reconnects: only the session renewal a call triggers is measured.
  return new McpManager({
    projectDir: root,
    approvals,
    logDir: join(root, "logs"),
    env: { MCP_KEEPALIVE_MS: "0" },
    interactive: false,
    reconnect: { ...NO_RECONNECT, remoteAttempts: 1 },
  });
}

const config = (url: string): ServerConfig => ({
  name: "notes",
  source: "user",
  file: "bench",
  entry: { type: "http", url },
  resolved: { type: "http", url },
});

async function call(mcp: McpManager, text: string): Promise<void> {
  const result = await mcp.call("notes", "add_note", { text });
  if (result.isError) throw new Error(`call failed: ${JSON.stringify(result.content)}`);
}

let server: OAuthServerProcess = await startOAuthServer({ AUTH: "none" });
const port = String(server.port);
try {
  const runs = await rotatingRuns(ROUNDS, {
    // The floor: a new session and one call, from the restarted server being back.
    fresh: async () => {
      await server.stop();
      server = await startOAuthServer({ AUTH: "none", PORT: port });
      const mcp = manager();
      const started = performance.now();
      await mcp.start([config(server.mcpUrl)]);
      await call(mcp, "fresh");
      const ms = performance.now() - started;
      await mcp.close();
      return ms;
    },
    // Connected, the server restarts; timed from its being back to the next call's answer.
    reconnect: async () => {
      const mcp = manager();
      await mcp.start([config(server.mcpUrl)]);
      await call(mcp, "before");
      await server.stop();
      server = await startOAuthServer({ AUTH: "none", PORT: port });
      const back = performance.now();
      await call(mcp, "after");
      const ms = performance.now() - back;
      await mcp.close();
      return ms;
    },
  });
  const fresh = median(runs.fresh);
  const reconnect = median(runs.reconnect);
  console.log(`remote reconnect after a server restart (${ROUNDS} rounds, medians)`);
  console.log(`  fresh connect + call:            ${fresh.toFixed(1)} ms (floor)`);
  console.log(
    `  server back → next call answered: ${reconnect.toFixed(1)} ms  ${ratio(reconnect, fresh)} floor, +${(reconnect - fresh).toFixed(1)} ms`,
  );
} finally {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
}
