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
import { benchManager, benchServer } from "./bench-manager.ts";
import { sdkFloorMs } from "./sdk-floor.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";

const SERVER = join(import.meta.dirname, "minimal-server.mjs");
const REPS = Number(process.env.BENCH_REPS ?? 7);
const SIZES = (process.env.BENCH_N ?? "1,20").split(",").map(Number);
const logDir = mkdtempSync(join(tmpdir(), "mcp-bench-"));

/** McpManager from start() until every server is connected with its tools. */
async function manager(n: number): Promise<number> {
  const servers = Array.from({ length: n }, (_, i) => benchServer(`s${i}`, SERVER));
  const m = benchManager({ projectDir: process.cwd(), logDir });
  const started = performance.now();
  await m.start(servers);
  const ms = performance.now() - started;
  const connected = m.getSnapshot().servers.filter((s) => s.state.status === "connected").length;
  if (connected !== n || m.tools().length !== n) throw new Error(`only ${connected}/${n} connected`);
  await m.close();
  return ms;
}

await sdkFloorMs(SERVER, 2); // warm the file cache and the module graph once
await manager(2);
for (const n of SIZES) {
  // The floor: the SDK's own stdio transport, connect + listTools, all at once.
  const times = await rotatingRuns(REPS, { floor: () => sdkFloorMs(SERVER, n), manager: () => manager(n) });
  const f = median(times.floor);
  const m = median(times.manager);
  console.log(
    `N=${String(n).padStart(2)}  floor ${f.toFixed(1)} ms  McpManager ${m.toFixed(1)} ms  ratio ${ratio(m, f)}  (median of ${REPS})`,
  );
}
