/**
 * Many servers, little cost (issue 12): 20 stdio servers that each take 1 s
 * to start and offer 15 tools. The built CLI (`-p`, the real Anthropic SDK
 * against a local fake Messages API) is timed from launch until its first
 * model request arrives carrying all 300 MCP tools:
 *   - none:  the same run with no servers at all (the floor)
 *   - cold:  an empty tool cache (it must wait for the slowest server)
 *   - warm:  a tool cache left by an earlier run (target: within 100 ms of none)
 * Then lazy mode (MCP_STARTUP=lazy, warm cache) where the model calls one
 * server's tool: the server process groups running when the next request
 * arrives (target: exactly 1).
 *
 *   npm run build && npx node bench/many-servers.ts     (BENCH_REPS=9 for more repetitions)
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeMessagesApi, type FakeReply } from "../tests/helpers/fake-messages-api.ts";
import { median, rotatingRuns } from "./stats.ts";

const ROOT = join(import.meta.dirname, "..");
const CLI = join(ROOT, "dist/cli.js");
const SERVER = join(ROOT, "tests/helpers/sleepy-server.mjs");
const SERVERS = 20;
const TOOLS_EACH = 15;
const START_MS = 1000;
const REPS = Number(process.env.BENCH_REPS ?? 5);

const work = mkdtempSync(join(tmpdir(), "many-servers-"));
const project = join(work, "project");
const pids = join(work, "pids");
mkdirSync(project);
mkdirSync(pids);
const names = Array.from({ length: SERVERS }, (_, i) => `s${String(i + 1).padStart(2, "0")}`);
const entry = {
  command: process.execPath,
  args: [SERVER],
  env: { SLEEPY_DELAY_MS: String(START_MS), SLEEPY_TOOLS: String(TOOLS_EACH), SLEEPY_PID_DIR: pids },
};
const manyConfig = join(work, "many.json");
const noneConfig = join(work, "none.json");
writeFileSync(manyConfig, JSON.stringify({ mcpServers: Object.fromEntries(names.map((name) => [name, entry])) }));
writeFileSync(noneConfig, JSON.stringify({ mcpServers: {} }));

const text = (t: string): FakeReply => ({ kind: "message", message: { content: [{ type: "text", text: t }] } });
const call = (tool: string): FakeReply => ({
  kind: "message",
  message: { content: [{ type: "tool_use", id: "toolu_1", name: tool, input: {} }] },
});

interface Run {
  /** Launch to the first model request's arrival. */
  firstRequestMs: number;
  /** MCP tools in that request. */
  mcpTools: number;
  /** Server process groups alive when the second request arrived (after the first tool round). */
  groupsAtSecond?: number;
}

/** One `mini-cc -p` run against a fresh fake API; `home` is its MINI_CC_HOME. */
async function runCli(
  config: string,
  home: string,
  replies: FakeReply[],
  env: Record<string, string> = {},
): Promise<Run> {
  const api = await FakeMessagesApi.start(replies);
  try {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, "-p", "go", "--mcp-config", config, "--allowedTools", "mcp__s07"], {
      cwd: project,
      env: {
        PATH: process.env.PATH,
        HOME: work,
        MINI_CC_HOME: home,
        ANTHROPIC_API_KEY: "bench",
        ANTHROPIC_BASE_URL: api.baseURL,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk));
    const exited = new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? -1)));
    let firstRequestMs = -1;
    let groupsAtSecond: number | undefined;
    // Seen as each request is recorded, before it is answered: the servers are still up.
    const push = api.requests.push.bind(api.requests);
    api.requests.push = (...requests) => {
      const count = push(...requests);
      if (count === 1) firstRequestMs = performance.now() - started;
      if (count === 2) groupsAtSecond = liveGroups();
      return count;
    };
    const code = await exited;
    if (code !== 0 || firstRequestMs < 0) throw new Error(`run failed (exit ${code}): ${out}`);
    const tools = (api.requests[0]?.body.tools as Array<{ name: string }> | undefined) ?? [];
    return {
      firstRequestMs,
      mcpTools: tools.filter((t) => t.name.startsWith("mcp__")).length,
      ...(groupsAtSecond !== undefined ? { groupsAtSecond } : {}),
    };
  } finally {
    await api.close();
  }
}

/** Process groups of the servers (by the pid files they wrote) still running. */
function liveGroups(): number {
  const groups = new Set<string>();
  for (const pid of readdirSync(pids)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields[0] !== "Z") groups.add(fields[2] as string);
    } catch {
      // gone
    }
  }
  return groups.size;
}

const freshHome = () => mkdtempSync(join(work, "home-"));
const warmHome = freshHome();
await runCli(manyConfig, warmHome, [text("priming the cache")]);
await runCli(noneConfig, freshHome(), [text("warming the file cache")]);

const counts: Record<string, number[]> = { none: [], cold: [], warm: [] };
const times = await rotatingRuns(REPS, {
  none: async () => (await runCli(noneConfig, freshHome(), [text("ok")])).firstRequestMs,
  cold: async () => {
    const run = await runCli(manyConfig, freshHome(), [text("ok")]);
    counts.cold!.push(run.mcpTools);
    return run.firstRequestMs;
  },
  warm: async () => {
    const run = await runCli(manyConfig, warmHome, [text("ok")]);
    counts.warm!.push(run.mcpTools);
    return run.firstRequestMs;
  },
});
for (const side of ["cold", "warm"]) {
  if (counts[side]!.some((n) => n !== SERVERS * TOOLS_EACH))
    throw new Error(`${side}: a first request lacked tools: ${counts[side]!.join(", ")}`);
}
rmSync(pids, { recursive: true, force: true });
mkdirSync(pids);
const lazy = await runCli(manyConfig, warmHome, [call("mcp__s07__tool_3"), text("done")], { MCP_STARTUP: "lazy" });

const none = median(times.none);
const cold = median(times.cold);
const warm = median(times.warm);
const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
console.log(
  `${SERVERS} servers × ${TOOLS_EACH} tools, each ${START_MS} ms to start; launch → first model request with all ${SERVERS * TOOLS_EACH} tools (median of ${REPS})`,
);
console.log(`  no servers (floor)  ${ms(none)}`);
console.log(`  cold cache          ${ms(cold)}  ${(cold / none).toFixed(2)}× floor  (+${(cold - none).toFixed(0)} ms)`);
console.log(
  `  warm cache          ${ms(warm)}  ${(warm / none).toFixed(2)}× floor  (+${(warm - none).toFixed(0)} ms; target ≤ +100 ms)`,
);
console.log(
  `  lazy, one server used: ${lazy.groupsAtSecond ?? "?"} server process group(s) running after its tool round (target: 1); first request ${ms(lazy.firstRequestMs)} with ${lazy.mcpTools} tools`,
);
rmSync(work, { recursive: true, force: true });
