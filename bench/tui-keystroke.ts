/**
 * Time from a keypress in the prompt box to the frame that shows it, on a
 * real pty, with a short transcript (about 100 items) and a long one (about
 * 10,000 items: Markdown answers and tool results). The transcript is seeded
 * through the product's normal path: a scripted model whose replies call
 * Read many times per round. The long figure should stay within 1.2× of the short.
 * Two more type while an MCP tool call runs (tests/helpers/mcp-protocol-server.mjs):
 * one quiet, one flooding the UI with 10,000 progress notifications; the flood
 * should stay within 1.2× of the quiet call (a running turn's spinner costs the same in both).
 *
 * The panel case: 20 connected servers with 300 tools (bench/many-tools-server.mjs,
 * given with --mcp-config), and in the same session typing in the prompt (the
 * floor), moving the panel's selection (j), and opening a server (Enter) and
 * going back to the list (←; a lone Esc adds Ink's wait for the rest of a sequence): each from keypress to the frame that shows it.
 * Opening was 1.66–1.84× until the selected server's view was made ready (hidden) just after each move and
 * Ink's line-update stopped running Intl.Segmenter over every changed row (scripts/ink-bundle.ts); since then
 * (2026-12-03, quiet machine, 3 runs of 30 keys): move 0.76×, open 0.99×, back 0.85× of typing.
 *
 *   npm run build && npx node bench/tui-keystroke.ts
 *   BENCH_KEYS=40 for more keypresses per run, BENCH_REPS=5 for more runs,
 *   BENCH_ONLY=panel for the panel case alone; BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"
 *   to profile the panel case's CLI (NODE_OPTIONS refuses --cpu-prof).
 *   BENCH_CASES=calls (or items, panel; comma-separated) runs only those cases;
 *   BENCH_CLI=path/to/cli.js times another build (e.g. main's, for a before/after).
 */
import pty from "@lydell/node-pty";
import xterm from "@xterm/headless";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { interactiveEnv } from "../tests/helpers/pty-screen.ts";
import { median, ratio } from "./stats.ts";

const CLI = process.env.BENCH_CLI ?? join(import.meta.dirname, "..", "dist", "cli.js");
const CASES = (process.env.BENCH_CASES ?? (process.env.BENCH_ONLY === "panel" ? "panel" : "items,calls,panel")).split(
  ",",
);
const KEYS = Number(process.env.BENCH_KEYS ?? 30);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const SIZE = { cols: 120, rows: 40 };
const DONE = "All seeded.";
const work = mkdtempSync(join(tmpdir(), "tui-keystroke-"));

/** A model script whose one turn leaves about `rounds × (1 + 2 × reads)` items: a Markdown answer and `reads` Read calls a round. */
function seedScript(name: string, rounds: number, reads: number): string {
  const answer = (r: number) =>
    `## Round ${r}\n\nLooked at **notes.md** with \`Read\`; see [the docs](https://example.com/${r}).\n\n- first point\n- second point`;
  const responses = Array.from({ length: rounds }, (_, r) => ({
    content: [
      { type: "text", text: answer(r) },
      ...Array.from({ length: reads }, () => ({ type: "tool_use", name: "Read", input: { file_path: "notes.md" } })),
    ],
  }));
  responses.push({ content: [{ type: "text", text: DONE }] });
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify({ responses }));
  return file;
}

function project(): string {
  const dir = mkdtempSync(join(work, "project-"));
  const notes = Array.from({ length: 12 }, (_, i) => `note ${i + 1}: something worth reading`).join("\n");
  writeFileSync(join(dir, "notes.md"), notes);
  mkdirSync(join(dir, "home"));
  return dir;
}

/** The visible screen as text. */
function screenText(term: xterm.Terminal): string {
  const buffer = term.buffer.active;
  const rows: string[] = [];
  for (let y = 0; y < term.rows; y++) rows.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? "");
  return rows.join("\n");
}

/** A session to type in: the CLI's arguments, and what the screen shows (in order) once it is ready for typing. */
interface Session {
  args: string[];
  ready: string[];
}

const seeded = (script: string): Session => ({
  args: ["--model-script", script, "--permission-mode", "bypassPermissions", "seed"],
  ready: [DONE, "shift+tab mode"],
});

/** A turn whose one tool call runs 8 s, sending 10,000 progress notifications (or none): typing starts once it runs. */
function toolCall(progress: boolean): Session {
  const server = join(import.meta.dirname, "..", "tests", "helpers", "mcp-protocol-server.mjs");
  const config = JSON.stringify({ mcpServers: { flood: { command: process.execPath, args: [server] } } });
  const call = { type: "tool_use", name: "mcp__flood__work", input: { count: 10_000, durationMs: 8000, progress } };
  const file = join(work, `call-${progress}.json`);
  writeFileSync(
    file,
    JSON.stringify({ responses: [{ content: [call] }, { content: [{ type: "text", text: DONE }] }] }),
  );
  return {
    args: ["--model-script", file, "--mcp-config", config, "--permission-mode", "bypassPermissions", "flood"],
    ready: progress ? ["/10000"] : ["mcp__flood__work", "Working"],
  };
}

/** The CLI on a pty of SIZE in `dir` with the offline model, and `shown(needle)`: ms from `since` to the frame that first shows `needle`. */
function startCli(dir: string, args: readonly string[], nodeArgs: readonly string[] = []) {
  const env = interactiveEnv({ MINI_CC_HOME: join(dir, "home") });
  for (const key of ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_MODEL"]) delete env[key];
  const term = new xterm.Terminal({ ...SIZE, allowProposedApi: true });
  const child = pty.spawn(process.execPath, [...nodeArgs, CLI, ...args], { ...SIZE, cwd: dir, env });
  let waiting: { needle: string; since: number; resolve: (ms: number) => void } | undefined;
  child.onData((data) => {
    const arrived = performance.now();
    term.write(data, () => {
      if (waiting && screenText(term).includes(waiting.needle)) {
        const { since, resolve } = waiting;
        waiting = undefined;
        resolve(arrived - since);
      }
    });
  });
  const shown = (needle: string, since = performance.now(), timeoutMs = 120_000): Promise<number> =>
    new Promise((resolve, reject) => {
      if (screenText(term).includes(needle)) return resolve(0); // already there (only for the waits before timing)
      const timer = setTimeout(
        () => reject(new Error(`no ${JSON.stringify(needle)}:\n${screenText(term)}`)),
        timeoutMs,
      );
      waiting = { needle, since, resolve: (ms) => (clearTimeout(timer), resolve(ms)) };
    });
  return { child, term, shown };
}

/** Starts the CLI, waits until it is ready, then times `KEYS` keypresses (ms each). */
async function keystrokes(session: Session): Promise<number[]> {
  const { child, term, shown } = startCli(project(), session.args);
  try {
    for (const needle of session.ready) await shown(needle);
    if (session.ready.includes(DONE)) await new Promise((resolve) => setTimeout(resolve, 500));
    const times: number[] = [];
    let typed = "";
    for (let i = 0; i < KEYS; i++) {
      const key = String.fromCharCode(97 + (i % 26));
      typed += key;
      const since = performance.now();
      const frame = shown(`❯ ${typed}`, since, 10_000);
      child.write(key);
      times.push(await frame);
      // Past Ink's frame throttle, so each key is timed from an idle UI.
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    return times;
  } finally {
    child.kill("SIGHUP");
    term.dispose();
  }
}

const SERVERS = 20;
const TOOLS_EACH = 15;
const MANY_TOOLS = join(import.meta.dirname, "many-tools-server.mjs");

/** One session with SERVERS servers: ms per key for typing, moving the selection, opening and closing a server. */
async function panelKeystrokes(): Promise<Record<string, number[]>> {
  const dir = project();
  const servers = Object.fromEntries(
    Array.from({ length: SERVERS }, (_, i) => [
      `srv${String(i).padStart(2, "0")}`,
      { command: process.execPath, args: [MANY_TOOLS], env: { TOOLS: String(TOOLS_EACH) } },
    ]),
  );
  const config = join(dir, "servers.json");
  writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const { child, term, shown } = startCli(dir, ["--mcp-config", config, "--strict-mcp-config"], nodeArgs);
  const idle = () => new Promise((resolve) => setTimeout(resolve, 60));
  const timed = async (key: string, needle: string): Promise<number> => {
    const frame = shown(needle, performance.now(), 10_000);
    child.write(key);
    const ms = await frame;
    await idle();
    return ms;
  };
  const name = (i: number) => `srv${String(i).padStart(2, "0")}`;
  try {
    await shown(`MCP ${SERVERS}/${SERVERS} connected · ${SERVERS * TOOLS_EACH} tools`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const typing: number[] = [];
    let typed = "";
    for (let i = 0; i < KEYS; i++) {
      typed += String.fromCharCode(97 + (i % 26));
      typing.push(await timed(typed.at(-1)!, `❯ ${typed}`));
    }
    child.write("\u0015"); // empty the prompt again
    await idle();
    await timed("\t", "↑↓ j/k select");
    const moving: number[] = [];
    const opening: number[] = [];
    const closing: number[] = [];
    let at = 0;
    for (let i = 0; i < KEYS; i++) {
      const down = at < SERVERS - 1;
      at += down ? 1 : -at;
      if (down) moving.push(await timed("j", `❯ ${name(at)}`));
      else for (let k = 0; k < SERVERS - 1; k++) await timed("k", `❯ ${name(SERVERS - 2 - k)}`);
      opening.push(await timed("\r", `${name(at)} · connected · flag`));
      closing.push(await timed("\u001b[D", "↑↓ j/k select"));
    }
    return {
      "type in the prompt": typing,
      "move the selection": moving,
      "open a server": opening,
      "back to the list": closing,
    };
  } finally {
    child.kill("SIGHUP");
    term.dispose();
  }
}

const sides: Record<string, Session> = {
  ...(CASES.includes("items")
    ? { "~100 items": seeded(seedScript("small", 2, 24)), "~10,000 items": seeded(seedScript("large", 40, 124)) }
    : {}),
  ...(CASES.includes("calls") ? { "quiet call": toolCall(false), "progress flood": toolCall(true) } : {}),
};
const results: Record<string, number[]> = {};
for (let rep = 0; rep < REPS; rep++) {
  for (const [name, session] of Object.entries(sides)) {
    const times = await keystrokes(session);
    (results[name] ??= []).push(...times);
    if (process.env.BENCH_VERBOSE === "1") console.error(`  ${name}: median ${median(times).toFixed(2)} ms`);
  }
}
const panel: Record<string, number[]> = {};
for (let rep = 0; rep < (CASES.includes("panel") ? REPS : 0); rep++) {
  for (const [what, times] of Object.entries(await panelKeystrokes())) (panel[what] ??= []).push(...times);
}
rmSync(work, { recursive: true, force: true });

if (Object.keys(results).length > 0) printTranscriptSides();
function printTranscriptSides(): void {
  const small = median(results["~100 items"] ?? results["quiet call"]!);
  console.log(
    `keypress → frame showing it in the prompt (median of ${KEYS}×${REPS} keys, ${SIZE.cols}×${SIZE.rows} pty)`,
  );
  for (const [name, times] of Object.entries(results)) {
    const m = median(times);
    const p90 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]!;
    console.log(
      `  ${name.padEnd(14)} ${m.toFixed(2).padStart(7)} ms  p90 ${p90.toFixed(2).padStart(7)} ms  ${ratio(m, small)}`,
    );
  }
  if (!results["quiet call"]) return;
  const quiet = median(results["quiet call"]);
  console.log(`  progress flood vs quiet call: ${ratio(median(results["progress flood"]!), quiet)} (target ≤ 1.2×)`);
}

if (!panel["type in the prompt"]) process.exit(0);
const floor = median(panel["type in the prompt"]);
console.log(
  `MCP panel, ${SERVERS} connected servers / ${SERVERS * TOOLS_EACH} tools: keypress → frame (median, same session)`,
);
for (const [what, times] of Object.entries(panel)) {
  const m = median(times);
  const p90 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]!;
  console.log(
    `  ${what.padEnd(19)} ${m.toFixed(2).padStart(7)} ms  p90 ${p90.toFixed(2).padStart(7)} ms  ${ratio(m, floor)}`,
  );
}
