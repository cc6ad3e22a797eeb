/**
 * Runs the built CLI (dist/cli.js) the way a user, a script or CI does: its
 * own Node 22 process, a temporary project as the working directory and a
 * temporary HOME and MINI_CC_HOME, so no test reads or writes the real home or
 * the repository. Each test file runs its own copy of dist/: `npm run build`
 * starts by deleting dist/, and another build may run while the tests do.
 * Also here: what tests feed the CLI (model scripts, server entries) and
 * readers of what it prints in stream-json.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { afterAll, beforeAll } from "vitest";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");
/** Node 22 (vitest's own): bare `node` on this machine is 20 and cannot strip types. */
export const NODE = process.execPath;
export const TRACKER = join(ROOT, "examples/mcp_tracker_server.ts");
/** The stdio test server (echo, slow, die) and the shell wrapper that can leave a marker file. */
export const TEST_SERVER = join(ROOT, "tests/helpers/mcp-test-server.mjs");
export const WRAPPER = join(ROOT, "tests/helpers/mcp-wrapper.sh");
/** Where the third-party servers are installed. */
export const SERVERS_DIR = join(ROOT, "node_modules/@modelcontextprotocol");
/** `mcp-server-filesystem`'s entry point (its package.json "bin"). */
export const FILESYSTEM_SERVER = join(SERVERS_DIR, "server-filesystem/dist/index.js");
/** The built-in tools that come before any server's in the init event. */
export const BUILTIN_TOOLS = [
  "Read",
  "Write",
  "Edit",
  "Bash",
  "Glob",
  "Grep",
  "AskUserQuestion",
  "TaskOutput",
  "TaskList",
  "TaskStop",
  "Agent",
];

/** A private copy of the built CLI; dispose() removes it. */
export interface BuiltCli {
  /** The copy's cli.js. */
  cli: string;
  dispose(): Promise<void>;
}

/**
 * Copies dist/ (the self-contained bundle and its chunks) to a temporary
 * folder. Waits a little for a build in progress; a clear failure when
 * nobody built it.
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

/** One stream-json line, loosely typed: tests assert on exact values. */
export type StreamEvent = Record<string, any>;

/** What one run printed and how it ended. */
export interface CliRun {
  /** Exit status; null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout's lines parsed as JSON (stream-json / json), on first use; throws on a line that is not JSON. */
  readonly lines: StreamEvent[];
}

/** A CLI process still running, and its run once it has ended. */
export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  ended: Promise<CliRun>;
}

/** How one run differs from the sandbox's defaults. */
export interface RunOptions {
  /** Piped in; standard input is empty otherwise. */
  stdin?: string;
  /** The working directory (default: the sandbox's project). */
  cwd?: string;
  /** Added to the sandbox's environment. */
  env?: Record<string, string>;
}

/** A temporary root holding a project directory and a mini-cc home, and the CLI run inside them. */
export interface CliSandbox {
  /** Real path (the CLI and the filesystem server compare real paths). */
  readonly root: string;
  /** `<root>/project`, the CLI's working directory. */
  readonly project: string;
  /** `<root>/home`, MINI_CC_HOME. */
  readonly home: string;
  /** The cli.js it runs (for a test that runs it through a shell pipe). */
  readonly cli: string;
  /** The CLI's environment: Node 22 first on PATH, HOME (the root) and MINI_CC_HOME; nothing else. */
  readonly env: Readonly<Record<string, string>>;
  /** Runs `node cli.js ...argv` to its exit (a run that never exits fails the test by timeout). */
  run(argv: readonly string[], options?: RunOptions): Promise<CliRun>;
  /** Starts the CLI and returns the live child (for signals). */
  start(argv: readonly string[], options?: RunOptions): RunningCli;
  /** Writes a string as is, anything else as pretty JSON, under the root (relative paths) or anywhere; returns the path. */
  write(path: string, content: unknown): Promise<string>;
  read(path: string): Promise<string>;
  dispose(): Promise<void>;
}

/** A sandbox running `cli` (from copyBuiltCli) whose project is empty, or a copy of `copyFrom`. */
export async function createCliSandbox(cli: string, options: { copyFrom?: string } = {}): Promise<CliSandbox> {
  const root = await realpath(await mkdtemp(join(tmpdir(), "mini-cc-cli-")));
  const project = join(root, "project");
  const home = join(root, "home");
  if (options.copyFrom) await cp(options.copyFrom, project, { recursive: true });
  else await mkdir(project);
  // Only what a child needs: no ANTHROPIC_* from the developer's shell, no MCP_* limits. Servers started
  // as `node …` or `npx …` must find Node 22, as a user's shell would.
  const env = { PATH: [dirname(NODE), process.env.PATH ?? ""].join(delimiter), HOME: root, MINI_CC_HOME: home };
  const at = (path: string) => resolve(root, path);
  const start = (argv: readonly string[], runOptions: RunOptions = {}): RunningCli => {
    const child = spawn(NODE, [cli, ...argv], {
      cwd: runOptions.cwd ?? project,
      env: { ...env, ...runOptions.env },
      stdio: "pipe",
    });
    const ended = new Promise<CliRun>((done, fail) => {
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
      child.on("error", fail);
      child.on("close", (code, signal) => done(cliRun(code, signal, stdout, stderr)));
    });
    child.stdin.end(runOptions.stdin ?? "");
    return { child, ended };
  };
  return {
    root,
    project,
    home,
    cli,
    env,
    start,
    run: (argv, runOptions) => start(argv, runOptions).ended,
    async write(path, content) {
      const file = at(path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, typeof content === "string" ? content : `${JSON.stringify(content, null, 2)}\n`);
      return file;
    },
    read: (path) => readFile(at(path), "utf8"),
    // Retried: a server a killed run left behind may still write its log while the reaper ends it.
    dispose: () => rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }),
  };
}

/**
 * For one test file: copies the built CLI before its tests and, after them,
 * removes the copy and every sandbox made from it. Call at the top level.
 */
export function cliForTestFile(): { sandbox(options?: { copyFrom?: string }): Promise<CliSandbox> } {
  let built: BuiltCli | undefined;
  const made: CliSandbox[] = [];
  beforeAll(async () => {
    built = await copyBuiltCli();
  });
  afterAll(async () => {
    await Promise.all(made.map((box) => box.dispose()));
    await built?.dispose();
  });
  return {
    async sandbox(options) {
      if (!built) throw new Error("cliForTestFile: a sandbox is made in a hook or test, after the CLI is copied");
      const box = await createCliSandbox(built.cli, options);
      made.push(box);
      return box;
    },
  };
}

/** Builds a CliRun; `lines` parses lazily so text-mode runs never trip on it. */
function cliRun(code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string): CliRun {
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
function jsonLines(text: string): StreamEvent[] {
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as StreamEvent;
      } catch {
        throw new Error(`stdout line is not JSON: ${line}`);
      }
    });
}

/** A model script (`--model-script`): one assistant message's content blocks per model request. */
export function modelScript(...responses: unknown[][]): { responses: Array<{ content: unknown[] }> } {
  return { responses: responses.map((content) => ({ content })) };
}

/** What scriptedStreamRun takes besides the sandbox's own run options. */
export interface ScriptedRunOptions extends RunOptions {
  /** The -p prompt (default "go"). */
  prompt?: string;
  /** Where in the sandbox the script is written (default script.json). */
  scriptFile?: string;
}

/**
 * `-p PROMPT --output-format stream-json --model-script FILE ...flags`, the
 * scripted model's `responses` (one content list per request) written to FILE
 * in the sandbox first.
 */
export async function scriptedStreamRun(
  box: CliSandbox,
  responses: unknown[][],
  flags: readonly string[],
  { prompt = "go", scriptFile = "script.json", ...runOptions }: ScriptedRunOptions = {},
): Promise<CliRun> {
  const script = await box.write(scriptFile, modelScript(...responses));
  return box.run(["-p", prompt, "--output-format", "stream-json", "--model-script", script, ...flags], runOptions);
}

/** A tool_use block with a fixed id. */
export function toolUse(id: string, name: string, input: Record<string, unknown>) {
  return { type: "tool_use", id, name, input };
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

/** The init line. */
export function initOf(lines: readonly StreamEvent[]): StreamEvent | undefined {
  return lines.find((e) => e.type === "system" && e.subtype === "init");
}

/** The result line (the last one). */
export function resultOf(lines: readonly StreamEvent[]): StreamEvent | undefined {
  return lines.find((e) => e.type === "result");
}

/** The `tool_use` blocks of every `assistant` line, in order. */
export function toolUses(lines: readonly StreamEvent[]): StreamEvent[] {
  return lines
    .filter((line) => line.type === "assistant")
    .flatMap((line) => line.message.content as StreamEvent[])
    .filter((block) => block.type === "tool_use");
}

/** The `tool_result` blocks of every `user` line, in order. */
export function toolResults(lines: readonly StreamEvent[]): StreamEvent[] {
  return lines.filter((line) => line.type === "user").flatMap((line) => line.message.content as StreamEvent[]);
}

/** Each tool_result as `{content, is_error}`, by tool_use_id. */
export function toolResultsById(
  lines: readonly StreamEvent[],
): Record<string, { content: unknown; is_error: boolean }> {
  const byId = toolResults(lines)
    .filter((block) => block.type === "tool_result")
    .map((block) => [block.tool_use_id, { content: block.content, is_error: block.is_error }]);
  return Object.fromEntries(byId);
}

/** A text tool result as the CLI reports it. */
export function textResult(text: string, isError = false): { content: unknown; is_error: boolean } {
  return { content: [{ type: "text", text }], is_error: isError };
}

/** What print mode says instead of running a tool that would ask. */
export function deniedText(tool: string): string {
  return (
    `${tool} was not run: it needs approval and print mode cannot ask. ` +
    `Allow it with --allowedTools ${tool} or a --permission-mode that permits it.`
  );
}

/** The denial print mode gives a tool that would ask. */
export function deniedResult(tool: string): { content: unknown; is_error: boolean } {
  return { content: deniedText(tool), is_error: true };
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
