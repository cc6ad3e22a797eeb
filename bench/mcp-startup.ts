/**
 * Start-up cost of McpManager against the raw SDK floor, measured in the same
 * run: N copies of a minimal stdio server, timed until every one is connected
 * with its tools listed. Prints medians and the ratio (target: ≤ 1.10× at N = 20).
 *
 *   npx node bench/mcp-startup.ts      (BENCH_REPS=9 for more repetitions, BENCH_N=1,5,20 for other sizes)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ServerConfig } from "../src/config/types.ts";
import { McpManager } from "../src/mcp/manager.ts";

const SERVER = join(import.meta.dirname, "minimal-server.mjs");
const REPS = Number(process.env.BENCH_REPS ?? 7);
const SIZES = (process.env.BENCH_N ?? "1,20").split(",").map(Number);
const logDir = mkdtempSync(join(tmpdir(), "mcp-bench-"));

/** The floor: the SDK's own stdio transport, connect + listTools, all at once. */
async function floor(n: number): Promise<number> {
  const clients = Array.from({ length: n }, () => new Client({ name: "bench", version: "1.0.0" }));
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: "ignore" }));
      await client.listTools();
    }),
  );
  const ms = performance.now() - started;
  await Promise.all(clients.map((client) => client.close()));
  return ms;
}

/** McpManager from start() until every server is connected with its tools. */
async function manager(n: number): Promise<number> {
  const servers: ServerConfig[] = Array.from({ length: n }, (_, i) => {
    const entry = { command: process.execPath, args: [SERVER] };
    return { name: `s${i}`, source: "user", file: "bench", entry, resolved: entry };
  });
  const m = new McpManager({
    projectDir: process.cwd(),
    approvals: { status: async () => "approved", approve: async () => {} },
    logDir,
    env: process.env,
    interactive: false,
  });
  const started = performance.now();
  await m.start(servers);
  const ms = performance.now() - started;
  const connected = m.getSnapshot().servers.filter((s) => s.state.status === "connected").length;
  if (connected !== n || m.tools().length !== n) throw new Error(`only ${connected}/${n} connected`);
  await m.close();
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

await floor(2); // warm the file cache and the module graph once
await manager(2);
for (const n of SIZES) {
  const times = { floor: [] as number[], manager: [] as number[] };
  for (let rep = 0; rep < REPS; rep++) {
    // Alternate the order so neither side always runs on a warmer machine.
    if (rep % 2 === 0) {
      times.floor.push(await floor(n));
      times.manager.push(await manager(n));
    } else {
      times.manager.push(await manager(n));
      times.floor.push(await floor(n));
    }
  }
  const f = median(times.floor);
  const m = median(times.manager);
  console.log(
    `N=${String(n).padStart(2)}  floor ${f.toFixed(1)} ms  McpManager ${m.toFixed(1)} ms  ratio ${(m / f).toFixed(3)}×  (median of ${REPS})`,
  );
}
