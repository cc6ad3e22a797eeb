/**
 * Runs the built CLI (dist/cli.js) the way a script or CI would: its own
 * process, a temporary project as the working directory and a temporary
 * MINI_CC_HOME, so no test ever reads or writes the real home or the repo.
 * Each test file runs its own copy of dist/: `npm run build` starts by
 * deleting dist/, and another build may run while the tests do.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");
/** Node 22 (vitest's own): bare `node` on this machine is 20 and cannot strip types. */
export const NODE = process.execPath;
export const TRACKER = join(ROOT, "examples/mcp_tracker_server.ts");
/** The stdio test server (echo, slow, die) and the shell wrapper that can leave a marker file. */
export const TEST_SERVER = join(ROOT, "tests/helpers/mcp-test-server.mjs");
export const WRAPPER = join(ROOT, "tests/helpers/mcp-wrapper.sh");

/** A private copy of the built CLI; dispose() removes it. */
export interface BuiltCli {
  /** The copy's cli.js. */
  cli: string;
  dispose(): Promise<void>;
}

/**
 * Copies dist/ (the self-contained bundle and its chunks) to a temporary
 * folder. Waits a little for a build in progress; a clear failure when
 * nobody built it. Call once per test file, in beforeAll.
 */
export async function copyBuiltCli(waitMs = 15_000): Promise<BuiltCli> {
  const dist = join(ROOT, "dist");
  const deadline = Date.now() + waitMs;
  while (!existsSync(join(dist, "cli.js"))) {
    if (Date.now() > deadline) throw new Error(`${dist}/cli.js not found: run \`npm run build\` first (npm test does)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const dir = await mkdtemp(join(tmpdir(), "mini-cc-dist-"));
  await cp(dist, dir, { recursive: true });
  return { cli: join(dir, "cli.js"), dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** What one run printed and how it ended. */
export interface PrintRun {
  /** Exit status; null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout's lines parsed as JSON (stream-json / json); throws on a line that is not JSON. */
  readonly lines: Array<Record<string, unknown>>;
}

/** A temporary project (`cwd`) and mini-cc home, and the CLI run inside them. */
export interface PrintSandbox {
  root: string;
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  /** Runs `node dist/cli.js ...argv` to its exit; `stdin` is piped in (else stdin is empty). */
  run(argv: readonly string[], options?: { stdin?: string }): Promise<PrintRun>;
  /** Starts the CLI and returns the live child (for signals). */
  start(argv: readonly string[]): ChildProcessWithoutNullStreams;
  /** Writes a file under the sandbox root (relative paths) or anywhere (absolute), making folders. */
  write(path: string, text: string): Promise<string>;
  read(path: string): Promise<string>;
  dispose(): Promise<void>;
}

/** A sandbox running `cli` (from copyBuiltCli) whose project is empty, or a copy of `copyFrom`. */
export async function createPrintSandbox(cli: string, options: { copyFrom?: string } = {}): Promise<PrintSandbox> {
  const root = await mkdtemp(join(tmpdir(), "mini-cc-print-"));
  const cwd = join(root, "project");
  const home = join(root, "home");
  if (options.copyFrom) await cp(options.copyFrom, cwd, { recursive: true });
  else await mkdir(cwd);
  // Only what a child needs: no ANTHROPIC_* from the developer's shell, no MCP_* limits.
  const env = { PATH: process.env.PATH, HOME: root, MINI_CC_HOME: home };
  const at = (path: string) => resolve(root, path);
  const start = (argv: readonly string[]) => spawn(NODE, [cli, ...argv], { cwd, env, stdio: "pipe" });
  return {
    root,
    cwd,
    home,
    env,
    start,
    run(argv, runOptions = {}) {
      return new Promise((done, fail) => {
        const child = start(argv);
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
        child.on("error", fail);
        child.on("close", (code, signal) => done(printRun(code, signal, stdout, stderr)));
        child.stdin.end(runOptions.stdin ?? "");
      });
    },
    async write(path, text) {
      const file = at(path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
      return file;
    },
    read: (path) => readFile(at(path), "utf8"),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

/** Builds a PrintRun; `lines` parses lazily so text-mode runs never trip on it. */
export function printRun(code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string): PrintRun {
  return {
    code,
    signal,
    stdout,
    stderr,
    get lines() {
      return jsonLines(stdout);
    },
  };
}

/** Each non-empty line parsed as a JSON object. */
export function jsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`stdout line is not JSON: ${line}`);
      }
    });
}

/** A model script file: `{responses: [{content}, …]}`. */
export function scriptText(responses: ReadonlyArray<ReadonlyArray<Record<string, unknown>>>): string {
  return JSON.stringify({ responses: responses.map((content) => ({ content })) }, null, 2);
}

/** `{"mcpServers": {…}}` as an inline --mcp-config value. */
export function mcpConfig(servers: Record<string, Record<string, unknown>>): string {
  return JSON.stringify({ mcpServers: servers });
}

/** The tracker as a stdio server entry. */
export const trackerEntry = { command: NODE, args: [TRACKER] };

/** The test server started through the shell wrapper, which creates `marker` the moment it runs. */
export function markedServerEntry(marker: string, env: Record<string, string> = {}): Record<string, unknown> {
  return { command: "sh", args: [WRAPPER, TEST_SERVER], env: { MCP_TEST_NODE: NODE, MCP_TEST_MARKER: marker, ...env } };
}

/** The `tool_result` blocks of every `user` line, in order. */
export function toolResults(lines: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  return lines
    .filter((line) => line.type === "user")
    .flatMap((line) => (line.message as { content: Array<Record<string, unknown>> }).content);
}

/** The `tool_use` blocks of every `assistant` line, in order. */
export function toolUses(lines: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  return lines
    .filter((line) => line.type === "assistant")
    .flatMap((line) => (line.message as { content: Array<Record<string, unknown>> }).content)
    .filter((block) => block.type === "tool_use");
}
