/**
 * `mini-cc mcp list` with N stdio servers configured, against the raw-SDK
 * floor measured in the same run (Client.connect + listTools for all N under
 * one Promise.all, in-process; closing not timed). Ratios for `mcp list`
 * in-process (runMcpCommand: config load, approvals, connect, print) up to the
 * printed list and up to return (servers closed: their exit alone costs ~0.1 s
 * for 20 on two cores), and as the real CLI process (dist/cli.js: Node
 * start-up and bundle load included) against the floor as a process.
 * Target: ≤ 1.15× at N = 20.
 *
 *   npm run build && npx node bench/mcp-list.ts     (BENCH_REPS=9, BENCH_N=20, BENCH_VERBOSE=1)
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleEntry } from "../scripts/ink-bundle.ts";
import { runMcpCommand } from "../src/cli/mcp/index.ts";
import { sdkFloorMs } from "./sdk-floor.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";
import { timeProcess } from "./time-process.ts";

const SERVER = join(import.meta.dirname, "minimal-server.mjs");
const DIST = process.env.BENCH_DIST ?? join(import.meta.dirname, "..", "dist");
const REPS = Number(process.env.BENCH_REPS ?? 7);
const N = Number(process.env.BENCH_N ?? 20);

/** A project directory and a mini-cc home whose user scope declares `n` minimal servers. */
function setUp(n: number): { root: string; cwd: string; env: Record<string, string | undefined> } {
  const root = mkdtempSync(join(tmpdir(), "mcp-list-bench-"));
  const cwd = join(root, "project");
  const home = join(root, "home");
  mkdirSync(cwd);
  mkdirSync(home);
  const mcpServers = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`s${i}`, { command: process.execPath, args: [SERVER] }]),
  );
  writeFileSync(join(home, "mcp.json"), JSON.stringify({ mcpServers }, null, 2));
  return { root, cwd, env: { ...process.env, MINI_CC_HOME: home } };
}

/**
 * The floor as a process (Node start-up, the bundled SDK's load, connect + listTools for all, close),
 * bundled the way the CLI is bundled, so both load one file.
 */
async function bundleFloor(dir: string): Promise<string> {
  const outfile = join(dir, "sdk-floor.mjs");
  await bundleEntry(join(import.meta.dirname, "sdk-floor-process.ts"), outfile);
  return outfile;
}

/** When each in-process run had printed its list: what a user waits for before the servers are torn down. */
const printedMs: number[] = [];

/** runMcpCommand(["list"]) from call to return, servers closed. */
async function inProcess(setup: ReturnType<typeof setUp>): Promise<number> {
  let out = "";
  let printed: number | undefined;
  const started = performance.now();
  const status = await runMcpCommand(["list"], {
    cwd: setup.cwd,
    env: setup.env,
    homedir: setup.root,
    stdout: (text) => {
      printed ??= performance.now() - started;
      out += text;
    },
    stderr: (text) => (out += text),
  });
  const ms = performance.now() - started;
  check(status, out);
  if (printed !== undefined) printedMs.push(printed);
  return ms;
}

/** `node dist/cli.js mcp list` from spawn to exit (a private copy of dist/: a rebuild starts by deleting it). */
function cliProcess(setup: ReturnType<typeof setUp>, cli: string): Promise<number> {
  return timeProcess(process.execPath, [cli, "mcp", "list"], setup, check);
}

function check(status: number, out: string): void {
  const connected = out.split("\n").filter((line) => line.endsWith("✔ connected · 1 tool")).length;
  if (status !== 0 || connected !== N)
    throw new Error(`mcp list: exit ${status}, ${connected}/${N} connected:\n${out}`);
}

const setup = setUp(N);
const withCli = existsSync(join(DIST, "cli.js"));
if (!withCli) console.log(`(no ${DIST}/cli.js: run "npm run build" to time the CLI process too)`);
const cli = join(setup.root, "dist", "cli.js");
if (withCli) cpSync(DIST, join(setup.root, "dist"), { recursive: true });
try {
  const floorScript = await bundleFloor(setup.root);
  const floorProcess = () =>
    timeProcess(process.execPath, [floorScript, SERVER, String(N)], setup, (status, out) => {
      if (status !== 0) throw new Error(`SDK floor process: exit ${status}\n${out}`);
    });
  // Warm the file cache and the module graph once.
  await sdkFloorMs(SERVER, 2);
  await inProcess(setup);
  await floorProcess();
  if (withCli) await cliProcess(setup, cli);

  // The floor: the SDK's own stdio transport, connect + listTools, all at once.
  const sides = { floor: () => sdkFloorMs(SERVER, N), inProcess: () => inProcess(setup), floorProcess };
  const runs = await rotatingRuns(
    REPS,
    withCli ? { ...sides, cli: () => cliProcess(setup, cli) } : sides,
    (name, value) => {
      if (process.env.BENCH_VERBOSE) console.log(`  ${name} ${value.toFixed(0)} ms`);
    },
  );
  const f = median(runs.floor);
  const fp = median(runs.floorProcess);
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  console.log(`N=${N}, median of ${REPS}`);
  console.log(`${"raw SDK floor (in-process)".padEnd(30)} ${ms(f)}`);
  const printed = median(printedMs.slice(-REPS));
  console.log(`${"mcp list printed (in-process)".padEnd(30)} ${ms(printed)}  ratio ${ratio(printed, f)}`);
  console.log(
    `${"mcp list closed (in-process)".padEnd(30)} ${ms(median(runs.inProcess))}  ratio ${ratio(median(runs.inProcess), f)}  (+ 20 servers' exit)`,
  );
  console.log(`${"raw SDK floor (process)".padEnd(30)} ${ms(fp)}  ratio ${ratio(fp, f)}`);
  if ("cli" in runs) {
    const c = median(runs.cli);
    console.log(
      `${"mcp list (CLI process)".padEnd(30)} ${ms(c)}  ratio ${ratio(c, f)}  (${ratio(c, fp)} the process floor)`,
    );
  }
} finally {
  rmSync(setup.root, { recursive: true, force: true });
}
