/**
 * Where mini-cc's TUI spends the time before its first frame, beside the bare
 * Ink floor (bench/tui-startup.ts measures the totals):
 *  1. a timeline of real runs on a pty, taken by a preloaded hook
 *     (bench/tui-timeline-hook.ts): node start, each chunk asked for, each
 *     server spawned, the first frame written;
 *  2. what the TUI loads, each alone in a fresh Node (bench/tui-import-probe.ts):
 *     cli.js's chunks imported, then the two scripts through their code caches.
 *
 *   npm run build && npx node bench/tui-why.ts      (BENCH_REPS=9 for more repetitions, BENCH_DIST=… for another build)
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { build } from "esbuild";
import { bundleEntry } from "../scripts/ink-bundle.ts";
import { interactiveChunk } from "../tests/helpers/dist-graph.ts";
import { interactiveEnv } from "../tests/helpers/pty-screen.ts";
import { median } from "./stats.ts";
import { timeScreen } from "./tui-pty-clock.ts";

const REPS = Number(process.env.BENCH_REPS ?? 5);
const PROMPT = "Ask anything, or /help";
/** BENCH_DIST=/other/dist to look inside another build. */
const DIST = process.env.BENCH_DIST ?? join(import.meta.dirname, "..", "dist");
const SERVER = join(import.meta.dirname, "minimal-server.mjs");
const work = mkdtempSync(join(tmpdir(), "tui-why-"));

// The hook as plain JS: a .ts preload would add type stripping to every timed start.
const hook = join(work, "hook.mjs");
await build({
  entryPoints: [join(import.meta.dirname, "tui-timeline-hook.ts")],
  outfile: hook,
  format: "esm",
  platform: "node",
  logLevel: "warning",
});
const bareInk = join(work, "bare-ink.mjs");
await bundleEntry(join(import.meta.dirname, "tui-bare-ink.tsx"), bareInk);

function sandbox(n: number): { cwd: string; home: string } {
  const cwd = join(work, `project-${n}`);
  const home = join(work, `home-${n}`);
  mkdirSync(cwd);
  mkdirSync(home);
  const mcpServers = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`s${i}`, { command: process.execPath, args: [SERVER] }]),
  );
  writeFileSync(join(home, "mcp.json"), JSON.stringify({ mcpServers }));
  return { cwd, home };
}
const boxes = { 0: sandbox(0), 5: sandbox(5) } as const;

// ---- 1. Timelines ----------------------------------------------------------

type Marks = Array<[string, number]>;

/** One run on the pty: marks relative to the child's own start (ms). */
async function timeline(program: string, box: { cwd: string; home: string }): Promise<Record<string, number>> {
  const file = join(work, "timeline.json");
  const env = interactiveEnv({ MINI_CC_HOME: box.home, TUI_TIMELINE_FILE: file });
  delete env.ANTHROPIC_API_KEY;
  const shown = await timeScreen(process.execPath, ["--import", hook, program], [PROMPT], {
    cols: 120,
    rows: 36,
    cwd: box.cwd,
    env,
  });
  const { timeOrigin, marks } = JSON.parse(readFileSync(file, "utf8")) as { timeOrigin: number; marks: Marks };
  const at = (what: (name: string) => boolean): number | undefined => {
    const hit = marks.find(([name]) => what(name));
    return hit && hit[1] - timeOrigin;
  };
  const spawns = marks.filter(([name]) => name === "spawn start").map(([, t]) => t - timeOrigin);
  const spawnEnds = marks.filter(([name]) => name === "spawn end").map(([, t]) => t - timeOrigin);
  const row: Record<string, number | undefined> = {
    "on screen (pty, from spawn)": shown.at[PROMPT],
    "user code starts": at((n) => n === "preload"),
    "interactive script asked for": at((n) => n.includes("script chunks/interactive")),
    "first server spawned": spawns[0],
    "last server spawned": spawnEnds.at(-1),
    "spawn() calls, total": spawns.length ? spawns.reduce((sum, t, i) => sum + spawnEnds[i]! - t, 0) : undefined,
    "first frame written": at((n) => n === "first frame written"),
    "CPU ms at first frame": marks.find(([name]) => name === "cpu ms at first frame")?.[1],
  };
  return Object.fromEntries(Object.entries(row).filter((e): e is [string, number] => e[1] !== undefined));
}

const sides: Record<string, () => Promise<Record<string, number>>> = {
  "bare Ink": () => timeline(bareInk, boxes[0]),
  "mini-cc, 0 servers": () => timeline(join(DIST, "cli.js"), boxes[0]),
  "mini-cc, 5 servers": () => timeline(join(DIST, "cli.js"), boxes[5]),
};
const rows: Record<string, Array<Record<string, number>>> = {};
for (const run of Object.values(sides)) await run(); // warm caches
for (let rep = 0; rep < REPS; rep++) {
  const names = Object.keys(sides);
  for (let i = 0; i < names.length; i++) {
    const name = names[(rep + i) % names.length]!;
    (rows[name] ??= []).push(await sides[name]!());
  }
}
console.log(
  `1. Timeline, ms after the child process started (medians of ${REPS}; "on screen" is from spawn, on the bench's clock)`,
);
for (const [name, runs] of Object.entries(rows)) {
  console.log(`  ${name}`);
  for (const key of Object.keys(runs[0]!))
    console.log(
      `    ${key.padEnd(30)} ${median(runs.map((r) => r[key]!))
        .toFixed(1)
        .padStart(7)}`,
    );
}

// ---- 2. Chunks one at a time ----------------------------------------------

const staticImports = (file: string): string[] =>
  [...readFileSync(file, "utf8").matchAll(/^import (?:[^"]*? from )?"\.\/([^"]+)";?$/gm)].map((m) =>
    join(dirname(file), m[1]!),
  );
const cli = join(DIST, "cli.js");
/** Dependencies before dependants (the order Node evaluates them), so each import times that chunk alone. */
const order: string[] = [];
const visit = (file: string): void => {
  if (order.includes(file)) return;
  for (const dep of staticImports(file)) visit(dep);
  order.push(file);
};
for (const dep of staticImports(cli)) visit(dep);

/** What a chunk mostly holds: its biggest packages, or its source files. */
function label(file: string): string {
  const counts = new Map<string, number>();
  // esbuild heads each module with its path: `// node_modules/zod/…` (or `// ../x/node_modules/…` through a symlink), `// src/…`.
  for (const m of readFileSync(file, "utf8").matchAll(
    /^\/\/ (?:\S*?node_modules\/((?:@[^/]+\/)?[^/]+)|((?:src|components)\/\S+))/gm,
  )) {
    const key = m[1] ?? m[2]!.split("/").slice(0, 2).join("/");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k]) => k);
  const kb = (readFileSync(file).length / 1024).toFixed(0);
  return `${basename(file).replace(/-[A-Z0-9]+\.js$/, "")} (${kb} KB: ${top.join(", ") || "shared"})`;
}

const probe = join(import.meta.dirname, "tui-import-probe.ts");
const probes: Record<number, Array<Record<string, number>>> = { 0: [], 5: [] };
for (let rep = 0; rep <= REPS; rep++) {
  for (const n of [0, 5] as const) {
    const input = {
      chunks: order,
      interactiveScript: interactiveChunk(DIST),
      tuiScript: join(DIST, "tui.cjs"),
      home: boxes[n].home,
    };
    const out = JSON.parse(
      execFileSync(process.execPath, [probe, JSON.stringify(input)], { encoding: "utf8" }),
    ) as Record<string, number>;
    if (rep > 0) probes[n]!.push(out); // rep 0 only warms the caches
  }
}
console.log(
  `\n2. Each chunk imported alone, then each script, in load order, fresh Node, caches on (medians of ${REPS})`,
);
for (const key of Object.keys(probes[0]![0]!)) {
  const name = key.startsWith("import ") ? `import ${label(key.slice(7))}` : key;
  const values = [0, 5].map((n) =>
    median(probes[n]!.map((r) => r[key]!))
      .toFixed(1)
      .padStart(7),
  );
  console.log(
    `  ${name.padEnd(90)} ${key.startsWith("import") ? values[0] : `${values[0]} (0 servers) ${values[1]} (5 servers)`}`,
  );
}
rmSync(work, { recursive: true, force: true });
