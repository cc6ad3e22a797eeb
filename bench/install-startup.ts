/**
 * The installed `mini-cc` (packed, `npm install -g` into a temporary prefix,
 * started through its bin/mini-cc.cjs and `#!/usr/bin/env node`) against the
 * in-repo build (`node dist/cli.js`), in one run: the TUI's first frame on a
 * real pty (spawn → the prompt on screen) in an empty project, and `mcp list`
 * from spawn to exit with no servers and with 5. Target: installed ≤ 1.05× in-repo.
 *
 *   npm run build && npx node bench/install-startup.ts     (BENCH_REPS=11, BENCH_VERBOSE=1)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { packAndInstall } from "../tests/helpers/installed-cli.ts";
import { interactiveEnv } from "../tests/helpers/pty-screen.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";
import { timeProcess } from "./time-process.ts";
import { timeScreen } from "./tui-pty-clock.ts";

const REPS = Number(process.env.BENCH_REPS ?? 9);
const PROMPT = "Ask anything, or /help";
const CLI = join(import.meta.dirname, "..", "dist", "cli.js");
const SERVER = join(import.meta.dirname, "minimal-server.mjs");
const SIZE = { cols: 120, rows: 36 };

const installed = await packAndInstall();
const work = mkdtempSync(join(tmpdir(), "install-bench-"));

/** An empty project and a home whose user scope declares `n` minimal servers; Node 22 first on PATH, for the shebang. */
function sandbox(name: string, n: number): { cwd: string; env: Record<string, string> } {
  const cwd = join(work, `project-${name}`);
  const home = join(work, `home-${name}`);
  mkdirSync(cwd);
  mkdirSync(home);
  const mcpServers = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`s${i}`, { command: process.execPath, args: [SERVER] }]),
  );
  writeFileSync(join(home, "mcp.json"), JSON.stringify({ mcpServers }));
  const env = interactiveEnv({
    MINI_CC_HOME: home,
    PATH: [dirname(process.execPath), process.env.PATH].join(delimiter),
  });
  for (const key of ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_MODEL"]) delete env[key];
  return { cwd, env };
}

/** How each build is started: the in-repo bundle through node, the installed command as is. */
const builds: Record<string, [string, string[]]> = {
  "node dist/cli.js": [process.execPath, [CLI]],
  "installed mini-cc": [installed.bin, []],
};

const tuiBox = sandbox("tui", 0);
const listBoxes = { 0: sandbox("list-0", 0), 5: sandbox("list-5", 5) };

async function firstFrame([command, args]: [string, string[]]): Promise<number> {
  const times = await timeScreen(command, args, [PROMPT], { ...SIZE, ...tuiBox });
  return times.at[PROMPT]!;
}

/** `… mcp list` from spawn to exit; fails unless every server connected. */
function mcpList([command, args]: [string, string[]], n: 0 | 5): Promise<number> {
  return timeProcess(command, [...args, "mcp", "list"], listBoxes[n], (code, out) => {
    const connected = out.split("\n").filter((line) => line.includes("✔ connected")).length;
    if (code !== 0 || connected !== n)
      throw new Error(`${command} mcp list: exit ${code}, ${connected}/${n} connected:\n${out}`);
  });
}

const MEASURES = ["first frame", "mcp list, 0 servers", "mcp list, 5 servers"] as const;
const sides: Record<string, () => Promise<number>> = {};
for (const [label, how] of Object.entries(builds)) {
  sides[`${MEASURES[0]} · ${label}`] = () => firstFrame(how);
  sides[`${MEASURES[1]} · ${label}`] = () => mcpList(how, 0);
  sides[`${MEASURES[2]} · ${label}`] = () => mcpList(how, 5);
}

try {
  // One unrecorded round: the file cache and both copies' compile caches.
  for (const run of Object.values(sides)) await run();
  const verbose = process.env.BENCH_VERBOSE === "1";
  const runs = await rotatingRuns(
    REPS,
    sides,
    (side, ms) => verbose && console.error(`  ${side}: ${ms.toFixed(1)} ms`),
  );
  console.log(`installed (npm install -g of the packed tarball) vs in-repo, median of ${REPS}`);
  const [repo, inst] = Object.keys(builds) as [string, string];
  for (const measure of MEASURES) {
    const base = median(runs[`${measure} · ${repo}`]!);
    const mine = median(runs[`${measure} · ${inst}`]!);
    console.log(
      `  ${measure.padEnd(20)}  ${repo} ${base.toFixed(1).padStart(7)} ms   ${inst} ${mine.toFixed(1).padStart(7)} ms   ${ratio(mine, base)}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  await installed.dispose();
}
