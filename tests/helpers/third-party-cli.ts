/**
 * Runs `mini-cc -p` as users run it — the bundled CLI in its own Node 22
 * process — against MCP servers nobody here wrote. The CLI is bundled into a
 * temporary file once per test file (as scripts/build.mjs does), so a test
 * never races another engineer's rebuild of dist/.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import { WHOLE_BUNDLE } from "../../scripts/ink-bundle.ts";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");
/** The Node running the tests (22); the shell's bare `node` may be older. */
export const NODE = process.execPath;
/** Where the third-party servers are installed. */
export const SERVERS_DIR = join(ROOT, "node_modules/@modelcontextprotocol");
/** `mcp-server-filesystem`'s entry point (its package.json "bin"). */
export const FILESYSTEM_SERVER = join(SERVERS_DIR, "server-filesystem/dist/index.js");
/** The built-in tools that come before any server's in the init event. */
export const BUILTIN_TOOLS = ["Read", "Write", "Edit", "Bash", "Glob", "Grep"];

/** Bundles src/cli.ts as scripts/build.mjs does (TUI in its own chunk) into a temporary directory. */
export async function bundleCli(): Promise<{ cli: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "mini-cc-third-party-cli-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  await build({
    ...WHOLE_BUNDLE,
    entryPoints: [join(ROOT, "src/cli.ts")],
    outdir: dir,
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    jsx: "automatic",
    logLevel: "silent",
  }).catch(async (error: unknown) => {
    await dispose();
    throw error;
  });
  return { cli: join(dir, "cli.js"), dispose };
}

/** A temporary root holding a project directory and a mini-cc home. */
export interface Sandbox {
  /** Real path (the filesystem server compares real paths). */
  readonly root: string;
  readonly project: string;
  /** MINI_CC_HOME. */
  readonly home: string;
  /** The CLI's environment: Node 22 first on PATH, HOME, MINI_CC_HOME, and `extra`; nothing else. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Writes `value` as pretty JSON (or a string as is) under the root; returns the path. */
  write(relative: string, value: unknown): Promise<string>;
  dispose(): Promise<void>;
}

/** Creates a sandbox under the system temp folder. */
export async function createSandbox(prefix: string): Promise<Sandbox> {
  const root = realpathSync(await mkdtemp(join(tmpdir(), `mini-cc-${prefix}-`)));
  const project = join(root, "project");
  const home = join(root, "home");
  await mkdir(project);
  return {
    root,
    project,
    home,
    env: (extra = {}) => ({
      // Servers started as `node …` or `npx …` must find Node 22, as a user's shell would.
      PATH: [dirname(NODE), process.env.PATH ?? ""].join(delimiter),
      HOME: process.env.HOME ?? root,
      MINI_CC_HOME: home,
      ...extra,
    }),
    async write(relative, value) {
      const file = join(root, relative);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`);
      return file;
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

/** A model script: one assistant message's content blocks per model request. */
export function modelScript(...responses: unknown[][]): { responses: Array<{ content: unknown[] }> } {
  return { responses: responses.map((content) => ({ content })) };
}

/** A tool_use block with a fixed id. */
export function toolUse(id: string, name: string, input: Record<string, unknown>) {
  return { type: "tool_use", id, name, input };
}

/** One stream-json line, loosely typed: tests assert on exact values. */
export type StreamEvent = Record<string, any>;

/** What one `mini-cc -p` run printed and returned; `events` are the stream-json lines. */
export interface PrintRun {
  status: number | null;
  stdout: string;
  stderr: string;
  events: StreamEvent[];
}

/** Runs the CLI to its exit (a run that never exits fails the test by timeout). */
export function runCli(cli: string, argv: string[], options: { cwd: string; env: Record<string, string> }): Promise<PrintRun> {
  return new Promise((done, fail) => {
    const child = spawn(NODE, [cli, ...argv], { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", fail);
    child.on("close", (status) => {
      const events = argv.includes("stream-json")
        ? stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as StreamEvent)
        : [];
      done({ status, stdout, stderr, events });
    });
  });
}

/** The init event. */
export function initOf(run: PrintRun): StreamEvent | undefined {
  return run.events.find((e) => e.type === "system" && e.subtype === "init");
}

/** The result event (the last line). */
export function resultOf(run: PrintRun): StreamEvent | undefined {
  return run.events.find((e) => e.type === "result");
}

/** Every tool_result block, in order, by tool_use_id: `{content, is_error}`. */
export function toolResults(run: PrintRun): Record<string, { content: unknown; is_error: boolean }> {
  const out: Record<string, { content: unknown; is_error: boolean }> = {};
  for (const event of run.events) {
    if (event.type !== "user") continue;
    for (const block of event.message.content) {
      if (block.type === "tool_result") out[block.tool_use_id] = { content: block.content, is_error: block.is_error };
    }
  }
  return out;
}

/** A text tool result as the CLI reports it. */
export function textResult(text: string, isError = false): { content: unknown; is_error: boolean } {
  return { content: [{ type: "text", text }], is_error: isError };
}

/** The denial print mode gives a tool that would ask. */
export function deniedResult(tool: string): { content: unknown; is_error: boolean } {
  return {
    content:
      `${tool} was not run: it needs approval and print mode cannot ask. ` +
      `Allow it with --allowedTools ${tool} or a --permission-mode that permits it.`,
    is_error: true,
  };
}

/**
 * Pids of live processes whose command line or environment mentions `marker`
 * (a sandbox path): a server left behind, wrappers such as npx included.
 */
export function processesMentioning(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (/\) Z /.test(readFileSync(`/proc/${entry}/stat`, "utf8"))) continue; // a zombie runs nothing
      const seen = readFileSync(`/proc/${entry}/cmdline`, "utf8") + readFileSync(`/proc/${entry}/environ`, "utf8");
      if (seen.includes(marker)) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}
