/**
 * `mini-cc mcp login NAME` against a local authorization server: mini-cc's own
 * time for a first login (discovery, dynamic registration, PKCE, the scripted
 * browser, the code redeemed, then the connect that shows the tools). The
 * OAuth stand-in and the protected MCP server are tests/helpers/oauth-mcp-server.mjs
 * (a child process); the browser is tests/helpers/scripted-browser.mjs, as the
 * tests run them. Figures per side, medians of rounds (login-clocks.mjs takes them):
 * - cpu: the process's own CPU time (user + system; the browser it starts not counted);
 * - wall: spawn to exit; own: wall minus the time spent waiting on the servers (each
 *   request, arrival to answer) and on the browser (its start to its redirect to the callback);
 *   unqueued: own minus the time its main thread sat ready while other processes had the cores
 *   (Linux's run delay), about what own would be on an idle machine.
 * Floors measured in the same run: `node -e ''` (Node's start-up), and the bare v2 SDK doing
 * the same login and connect in a process (login-floor-process.ts, bundled as the CLI is).
 * Also: `mcp login` of a name no config declares, which loads the command (the SDK with it)
 * and stops: what the login and the connect add is the rest.
 * Target: < 1 s of mini-cc's own time, cpu and unqueued (the load average is printed too:
 * on a busy machine even CPU time grows, with the caches shared).
 *
 *   npm run build && npx node bench/login-time.ts   (BENCH_REPS=7, BENCH_VERBOSE=1, BENCH_PROFILE=DIR: --cpu-prof for the CLI)
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, uptime, loadavg } from "node:os";
import { join } from "node:path";
import { bundleEntry } from "../scripts/ink-bundle.ts";
import { BROWSER_SCRIPT, startOAuthServer } from "../tests/helpers/oauth-server-process.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";
import { timeProcess } from "./time-process.ts";

const DIST = process.env.BENCH_DIST ?? join(import.meta.dirname, "..", "dist");
const REPS = Number(process.env.BENCH_REPS ?? 7);
const CLOCKS = join(import.meta.dirname, "login-clocks.mjs");
const PROFILE = process.env.BENCH_PROFILE;
const TARGET_MS = 1000;

if (!existsSync(join(DIST, "cli.js"))) throw new Error(`no ${DIST}/cli.js: run "npm run build" first`);
const root = mkdtempSync(join(tmpdir(), "login-time-bench-"));
const clocks = join(root, "clocks");
const project = join(root, "project");
const home = join(root, "home");
mkdirSync(project);
mkdirSync(home);
const node = (script: string, ...args: string[]) => [process.execPath, "--import", CLOCKS, script, ...args];
const browser = node(BROWSER_SCRIPT);

/** One run's figures, in ms. */
interface Figures {
  cpu: number;
  wall: number;
  own: number;
  unqueued: number;
}
const figures = new Map<string, Figures[]>();

/** The length of the union of `spans`, clipped to [from, to]. */
function covered(spans: [number, number][], from: number, to: number): number {
  let total = 0;
  let reached = from;
  for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
    const [s, e] = [Math.max(start, reached), Math.min(end, to)];
    if (e > s) total += e - s;
    reached = Math.max(reached, e);
  }
  return total;
}

/** Runs `argv` as a process and takes its figures from the clocks; `check` sees its exit and output. */
async function measure(
  side: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  check: (status: number, out: string) => void,
): Promise<number> {
  rmSync(clocks, { recursive: true, force: true });
  mkdirSync(clocks);
  let pid = 0;
  const [command = "", ...args] = argv;
  const wall = await timeProcess(
    command,
    args,
    { cwd: project, env: { ...env, BENCH_CLOCK_DIR: clocks } },
    check,
    (child) => {
      pid = child.pid ?? 0;
    },
  );
  const end = performance.timeOrigin + performance.now();
  const files = readdirSync(clocks);
  const spans = files
    .filter((file) => file.startsWith("wait-"))
    .flatMap((file) => readFileSync(join(clocks, file), "utf8").trim().split("\n"))
    .map((line) => line.split(" ").map(Number) as [number, number]);
  const clock = readFileSync(join(clocks, `cpu-${pid}.json`), "utf8");
  const { cpuMs, queuedMs } = JSON.parse(clock) as { cpuMs: number; queuedMs: number };
  const own = wall - covered(spans, end - wall, end);
  const run = { cpu: cpuMs, wall, own, unqueued: own - queuedMs };
  figures.set(side, [...(figures.get(side) ?? []), run]);
  if (process.env.BENCH_VERBOSE)
    console.log(
      `  ${side.padEnd(12)} cpu ${run.cpu.toFixed(0)} ms, wall ${wall.toFixed(0)} ms, own ${own.toFixed(0)} ms, unqueued ${run.unqueued.toFixed(0)} ms`,
    );
  return cpuMs;
}

const exitedZero = (what: string) => (status: number, out: string) => {
  if (status !== 0) throw new Error(`${what}: exit ${status}\n${out}`);
};

// The stand-in's requests are timed by the clocks too (its environment only: NODE_OPTIONS reaches its process).
const nodeOptions = process.env.NODE_OPTIONS;
process.env.NODE_OPTIONS = `${nodeOptions ?? ""} --import ${JSON.stringify(CLOCKS)}`;
process.env.BENCH_CLOCK_DIR = clocks;
const server = await startOAuthServer();
if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
else process.env.NODE_OPTIONS = nodeOptions;
delete process.env.BENCH_CLOCK_DIR;

try {
  // A private copy of dist/ (a rebuild starts by deleting it) laid out as installed, under a package.json
  // saying "type": "module" (without it Node sniffs each chunk's syntax), and the floor bundled like the CLI.
  cpSync(DIST, join(root, "dist"), { recursive: true });
  writeFileSync(join(root, "package.json"), JSON.stringify({ type: "module" }));
  const floorScript = join(root, "login-floor.mjs");
  await bundleEntry(join(import.meta.dirname, "login-floor-process.ts"), floorScript);
  writeFileSync(
    join(home, "mcp.json"),
    JSON.stringify({ mcpServers: { notes: { type: "http", url: server.mcpUrl } } }),
  );
  const cliEnv = {
    ...process.env,
    HOME: root,
    MINI_CC_HOME: home,
    BROWSER: browser.map((word) => JSON.stringify(word)).join(" "),
  };
  const profile = PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE}`] : [];
  const cli = (name: string) => [
    process.execPath,
    ...profile,
    "--import",
    CLOCKS,
    join(root, "dist", "cli.js"),
    "mcp",
    "login",
    name,
  ];

  const sides = {
    node: () =>
      measure("node -e ''", [process.execPath, "--import", CLOCKS, "-e", ""], process.env, exitedZero("node")),
    sdk: () =>
      measure("SDK floor", node(floorScript, server.mcpUrl, ...browser), process.env, (status, out) => {
        if (status !== 0 || !out.includes("4 tools")) throw new Error(`SDK floor: exit ${status}\n${out}`);
      }),
    startup: () =>
      measure("start-up", cli("nobody"), cliEnv, (status, out) => {
        if (status !== 1 || !out.includes('no server named "nobody"'))
          throw new Error(`start-up: exit ${status}\n${out}`);
      }),
    cli: () => {
      // A first login every time: no client registered yet, no tokens.
      rmSync(join(home, "mcp-oauth.json"), { force: true });
      return measure("mcp login", cli("notes"), cliEnv, (status, out) => {
        if (status !== 0 || !out.includes("notes: ✔ connected · 4 tools"))
          throw new Error(`mcp login: exit ${status}\n${out}`);
      });
    },
  };
  // Warm the file cache and Node's compile cache once.
  for (const run of Object.values(sides)) await run();
  figures.clear();
  await rotatingRuns(REPS, sides);

  const of = (side: string, key: keyof Figures) => median((figures.get(side) ?? []).map((run) => run[key]));
  const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
  console.log(
    `median of ${REPS}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (up ${(uptime() / 3600).toFixed(1)} h)`,
  );
  const columns: (keyof Figures)[] = ["cpu", "wall", "own", "unqueued"];
  console.log(`${"".padEnd(14)}${columns.map((column) => column.padStart(9)).join("")}`);
  for (const side of figures.keys())
    console.log(`${side.padEnd(14)}${columns.map((column) => ` ${ms(of(side, column))}`).join("")}`);
  const [cpu, unqueued] = [of("mcp login", "cpu"), of("mcp login", "unqueued")];
  const against = (column: keyof Figures) => ratio(of("mcp login", column), of("SDK floor", column));
  console.log(`mcp login / SDK floor: cpu ${against("cpu")}, own ${against("own")}, unqueued ${against("unqueued")}`);
  const added = cpu - of("start-up", "cpu");
  console.log(`loading the command: cpu ${ms(of("start-up", "cpu"))}; the login and the connect add ${ms(added)}`);
  const verdict = (value: number) => (value < TARGET_MS ? "met" : "NOT met");
  console.log(
    `target < ${TARGET_MS} ms of mini-cc's own time: cpu ${verdict(cpu)}, unqueued wall ${verdict(unqueued)}`,
  );
} finally {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
}
