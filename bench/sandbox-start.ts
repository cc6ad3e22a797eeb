/**
 * What the sandbox costs a stdio server's start: the tracker connected
 * sandboxed against the same tracker with full access, in one run, rotating
 * which goes first. The runtime (its proxies, its monitor) starts once per
 * session, on the first sandboxed launch: that first connect is shown apart.
 * Target: sandboxed within +100 ms of full access.
 *
 *   npx node bench/sandbox-start.ts      (BENCH_REPS=9 for more repetitions)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerConfig } from "../src/config/types.ts";
import { checkSandbox } from "../src/sandbox/availability.ts";
import { SandboxHost } from "../src/sandbox/sandbox-host.ts";
import { McpManager } from "../src/mcp/manager.ts";
import { median, rotatingRuns } from "./stats.ts";

const TRACKER = join(import.meta.dirname, "../examples/mcp_tracker_server.ts");
const REPS = Number(process.env.BENCH_REPS ?? 7);
const root = mkdtempSync(join(tmpdir(), "sandbox-bench-"));
// mini-cc runs in its project: the runtime scans the working directory for files it always protects (.git hooks, shell rc files).
process.chdir(root);
const availability = await checkSandbox(process.env);
if (!availability.available) {
  console.log(`skipped: the sandbox cannot run here (${availability.reason}; ${availability.hint})`);
  process.exit(0);
}
const host = new SandboxHost({
  projectDir: root,
  home: process.env.HOME ?? root,
  miniCcHome: join(root, "home"),
  env: process.env,
});

function tracker(sandbox: boolean): ServerConfig {
  const entry = { command: process.execPath, args: [TRACKER], sandbox };
  return { name: "tracker", source: "user", file: "bench", entry, resolved: entry };
}

/** From start() until the tracker is connected with its tools. */
async function connect(sandbox: boolean): Promise<number> {
  const manager = new McpManager({
    projectDir: root,
    approvals: { status: async () => "approved", previous: async () => undefined, approve: async () => {} },
    logDir: join(root, "logs"),
    env: process.env,
    interactive: false,
    sandbox: host,
  });
  const started = performance.now();
  await manager.start([tracker(sandbox)]);
  const ms = performance.now() - started;
  const state = manager.getSnapshot().servers[0]?.state;
  if (state?.status !== "connected") throw new Error(`not connected: ${JSON.stringify(state)}`);
  await manager.close();
  return ms;
}

await connect(false); // warm the file cache and the module graph
const first = await connect(true);
const times = await rotatingRuns(REPS, { full: () => connect(false), sandboxed: () => connect(true) });
await host.close();
const full = median(times.full);
const sandboxed = median(times.sandboxed);
const verdict = sandboxed - full <= 100 ? "within" : "OVER";
console.log(`first sandboxed connect (starts the runtime)  ${first.toFixed(1)} ms`);
console.log(
  `full access ${full.toFixed(1)} ms  sandboxed ${sandboxed.toFixed(1)} ms  +${(sandboxed - full).toFixed(1)} ms (${verdict} +100 ms; median of ${REPS})`,
);
