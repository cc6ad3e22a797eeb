/**
 * A server flooding progress: one tool call of a fixed length (the server
 * works BENCH_DURATION_MS) during which it sends 10,000 progress
 * notifications, against the floor: the same call, same length, sending none,
 * in the same run. Both go through McpManager.call with a progress key, and a
 * subscriber stands in for the UI (it counts the frames it would draw).
 * Target: flood ≤ 1.05 × floor. Sides alternate; the figures are medians.
 * Also this process's CPU time per notification (flood minus floor).
 *
 *   npx node bench/mcp-progress-flood.ts     (BENCH_NOTIFICATIONS=10000, BENCH_DURATION_MS=1000, BENCH_ROUNDS=7)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { benchManager, benchServer } from "./bench-manager.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";

const FIXTURE = join(import.meta.dirname, "..", "tests", "helpers", "mcp-protocol-server.mjs");
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const root = mkdtempSync(join(tmpdir(), "progress-flood-bench-"));
const manager = benchManager({ projectDir: root, logDir: join(root, "logs") });
try {
  await manager.start([benchServer("flood", FIXTURE)]);
  if (manager.getSnapshot().servers[0]?.state.status !== "connected")
    throw new Error(`fixture did not connect: ${JSON.stringify(manager.getSnapshot().servers)}`);
  let frames = 0;
  manager.progress.subscribe(() => frames++);

  /** This process's CPU time (ms) during each call, by side: what the notifications cost the client. */
  const cpu: Record<string, number[]> = { floor: [], flood: [] };
  const timedCall = (progress: boolean) => async () => {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = await manager.call(
      "flood",
      "work",
      { count: NOTIFICATIONS, durationMs: DURATION_MS, progress },
      { progressKey: progress ? "flood" : "quiet" },
    );
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpuBefore);
    cpu[progress ? "flood" : "floor"]!.push((used.user + used.system) / 1000);
    if (result.isError) throw new Error(`call failed: ${JSON.stringify(result.content)}`);
    return elapsed;
  };
  await timedCall(true)(); // warm-up
  cpu.flood = [];
  frames = 0;
  const runs = await rotatingRuns(ROUNDS, { floor: timedCall(false), flood: timedCall(true) });
  const [floor, flood] = [median(runs.floor), median(runs.flood)];
  console.log(`progress flood: ${NOTIFICATIONS} notifications in a ${DURATION_MS} ms call, ${ROUNDS} rounds`);
  console.log(`  floor (no notifications)  ${floor.toFixed(1)} ms`);
  console.log(`  flood                     ${flood.toFixed(1)} ms   ${ratio(flood, floor)} (target ≤ 1.050×)`);
  const cpuPerNotification = ((median(cpu.flood!) - median(cpu.floor!)) * 1000) / NOTIFICATIONS;
  console.log(
    `  client CPU per call: floor ${median(cpu.floor!).toFixed(1)} ms, flood ${median(cpu.flood!).toFixed(1)} ms: ${cpuPerNotification.toFixed(1)} µs a notification`,
  );
  console.log(`  UI frames published per flooded call: ${(frames / ROUNDS).toFixed(1)} (coalesced to ~30 a second)`);
} finally {
  await manager.close();
  rmSync(root, { recursive: true, force: true });
}
