/**
 * Time from spawn to the TUI's first frame (the prompt's `Ask anything, or
 * /help` on a real pty's screen), in an empty project with a fresh home, with
 * 0, 1 and 5 user-scope stdio servers, against a bare bundled Ink app as the
 * floor, measured in the same run. With servers it also times `MCP n/n
 * connected`, and prints the panel's summary at the first frame: the UI must
 * not wait for the servers.
 *
 *   npm run build && npx node bench/tui-startup.ts
 *   BENCH_REPS=11 for more repetitions; BENCH_CLIS="other=/path/to/dist/cli.js" to compare other builds in the same run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleEntry } from "../scripts/ink-bundle.ts";
import { interactiveEnv } from "../tests/helpers/pty-screen.ts";
import { median, pairedRatio, ratio, rotatingRuns } from "./stats.ts";
import { timeScreen, type ScreenTimes } from "./tui-pty-clock.ts";

const REPS = Number(process.env.BENCH_REPS ?? 7);
const PROMPT = "Ask anything, or /help";
const CLI = join(import.meta.dirname, "..", "dist", "cli.js");
const SERVER = join(import.meta.dirname, "minimal-server.mjs");
const SIZE = { cols: 120, rows: 36 };
const SERVER_COUNTS = [0, 1, 5] as const;

const work = mkdtempSync(join(tmpdir(), "tui-bench-"));
const bareInk = join(work, "bare-ink.mjs");
await bundleEntry(join(import.meta.dirname, "tui-bare-ink.tsx"), bareInk);

/** An empty project and a home whose user scope declares `n` minimal servers. */
function sandbox(n: number): { cwd: string; env: Record<string, string> } {
  const cwd = join(work, `project-${n}`);
  const home = join(work, `home-${n}`);
  mkdirSync(cwd);
  mkdirSync(home);
  const mcpServers = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`s${i}`, { command: process.execPath, args: [SERVER] }]),
  );
  writeFileSync(join(home, "mcp.json"), JSON.stringify({ mcpServers }));
  const env = interactiveEnv({ MINI_CC_HOME: home });
  // The offline model, whatever the shell has set: the figures must not depend on a key being present.
  for (const key of ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_MODEL"]) delete env[key];
  return { cwd, env };
}

const boxes = Object.fromEntries(SERVER_COUNTS.map((n) => [n, sandbox(n)]));
const floorBox = sandbox(-1);
const connectedText = (n: number) => `MCP ${n}/${n} connected`;

/** This build, and any others to compare in the same run: BENCH_CLIS="label=path/to/cli.js,…". */
const builds: Array<[string, string]> = [
  ["mini-cc", CLI],
  ...(process.env.BENCH_CLIS ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => pair.split("=") as [string, string]),
];

/** What each mini-cc side saw besides its first frame. */
const connectedMs: Record<string, number[]> = {};
const firstSummaries: Record<string, string[]> = {};

async function miniCc(side: string, cli: string, n: number): Promise<number> {
  const needles = n === 0 ? [PROMPT] : [PROMPT, connectedText(n)];
  const times: ScreenTimes = await timeScreen(process.execPath, [cli], needles, { ...SIZE, ...boxes[n]! });
  if (n > 0) (connectedMs[side] ??= []).push(times.at[connectedText(n)]!);
  (firstSummaries[side] ??= []).push(/MCP \d+\/\d+ connected/.exec(times.firstScreen)?.[0] ?? "(no summary)");
  return times.at[PROMPT]!;
}

async function floor(): Promise<number> {
  const times = await timeScreen(process.execPath, [bareInk], [PROMPT], { ...SIZE, ...floorBox });
  return times.at[PROMPT]!;
}

const sideName = (label: string, n: number): string => `${label}, ${n} server${n === 1 ? "" : "s"}`;
const sides: Record<string, () => Promise<number>> = { floor };
for (const [label, cli] of builds)
  for (const n of SERVER_COUNTS) sides[sideName(label, n)] = () => miniCc(sideName(label, n), cli, n);

// One unrecorded round: fills the file cache and both programs' compile caches.
for (const run of Object.values(sides)) await run();
for (const side of Object.keys(sides)) (connectedMs[side] = []), (firstSummaries[side] = []);

const verbose = process.env.BENCH_VERBOSE === "1";
const runs = await rotatingRuns(REPS, sides, (side, ms) => verbose && console.error(`  ${side}: ${ms.toFixed(1)} ms`));
rmSync(work, { recursive: true, force: true });

const f = median(runs.floor!);
const width = Math.max(...Object.keys(sides).map((side) => side.length));
console.log(`first frame, spawn → "${PROMPT}" on screen (median of ${REPS}, ${SIZE.cols}×${SIZE.rows} pty)`);
console.log(`  ${"floor: bare Ink".padEnd(width)}  ${f.toFixed(1).padStart(7)} ms`);
for (const [label] of builds) {
  for (const n of SERVER_COUNTS) {
    const side = sideName(label, n);
    const m = median(runs[side]!);
    const connected =
      n === 0 ? "" : `   ${connectedText(n)} at ${median(connectedMs[side]!).toFixed(1).padStart(6)} ms`;
    const seen = n === 0 ? "" : `   first frame showed: ${[...new Set(firstSummaries[side])].join(" | ")}`;
    const paired = `(paired ${pairedRatio(runs[side]!, runs.floor!).toFixed(3)}×)`;
    console.log(`  ${side.padEnd(width)}  ${m.toFixed(1).padStart(7)} ms  ${ratio(m, f)} ${paired}${connected}${seen}`);
  }
}
