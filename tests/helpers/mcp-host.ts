// A stand-in for the CLI: starts one server through McpManager, wires the exit
// handlers the way the CLI does, prints "ready", then waits to be killed.
// argv[2]: the server entry as JSON. argv[3]: "signal" (wait for SIGTERM/SIGINT) or "exit" (exit at once, no close()).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpManager } from "../../src/mcp/manager.ts";
import type { ServerConfig, StdioEntry } from "../../src/config/types.ts";

const entry = JSON.parse(process.argv[2] ?? "{}") as StdioEntry;
const server: ServerConfig = { name: "wrapped", source: "user", file: "test", entry, resolved: entry };
const manager = new McpManager({
  projectDir: process.cwd(),
  approvals: { status: async () => "approved", previous: async () => undefined, approve: async () => {} },
  logDir: mkdtempSync(join(tmpdir(), "mcp-host-")),
  env: process.env,
  interactive: false,
});

process.on("exit", () => manager.killAllServerProcessGroups());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    manager.killAllServerProcessGroups();
    process.exit(130);
  });
}

await manager.start([server]);
const state = manager.getSnapshot().servers[0]?.state;
process.stdout.write(`${state?.status === "connected" ? "ready" : JSON.stringify(state)}\n`);
if (process.argv[3] === "exit") process.exit(0);
setInterval(() => {}, 1000);
