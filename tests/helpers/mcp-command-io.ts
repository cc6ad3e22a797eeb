/**
 * Runs `mini-cc mcp …` in-process against a fresh temporary project directory
 * and mini-cc home, capturing stdout, stderr and the exit status.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runMcpCommand, type McpCommandIo } from "../../src/cli/mcp/index.ts";
import { resolveHome, type HomePaths } from "../../src/home.ts";
import { FakeClock } from "./fake-clock.ts";
import { endedAfterEachTest } from "./per-test.ts";

/** What one run printed and returned. */
export interface CommandRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** A sandbox: `cwd` is the project, `home` the mini-cc home (MINI_CC_HOME). */
export interface CommandSandbox {
  root: string;
  cwd: string;
  home: HomePaths;
  env: Record<string, string | undefined>;
  /** `mini-cc mcp <argv>` in-process; `extra` overrides io fields (e.g. transportFactory). */
  run(argv: string[], extra?: Partial<McpCommandIo>): Promise<CommandRun>;
  /** The project's `.mcp.json`. */
  projectFile: string;
  read(file: string): Promise<string>;
  readJson(file: string): Promise<unknown>;
  write(file: string, text: string): Promise<void>;
  dispose(): Promise<void>;
}

/** For one test file: each sandbox a test creates is disposed after it. Call at the top level. */
export function commandSandboxesForTestFile(): {
  create(env?: Record<string, string | undefined>): Promise<CommandSandbox>;
} {
  return { create: endedAfterEachTest(createSandbox, (box) => box.dispose()) };
}

/** Creates a sandbox under the system temp folder. */
export async function createSandbox(env: Record<string, string | undefined> = {}): Promise<CommandSandbox> {
  const root = await mkdtemp(join(tmpdir(), "mini-cc-mcp-cmd-"));
  const cwd = join(root, "project");
  await mkdir(cwd);
  const fullEnv = { PATH: process.env.PATH, MINI_CC_HOME: join(root, "home"), ...env };
  const home = resolveHome(fullEnv, "/nowhere");
  return {
    root,
    cwd,
    home,
    env: fullEnv,
    projectFile: join(cwd, ".mcp.json"),
    async run(argv, extra = {}) {
      let stdout = "";
      let stderr = "";
      const status = await runMcpCommand(argv, {
        cwd,
        env: fullEnv,
        homedir: "/nowhere",
        stdout: (text) => (stdout += text),
        stderr: (text) => (stderr += text),
        clock: new FakeClock(new Date("2026-05-01T10:00:00.000Z")),
        ...extra,
      });
      return { status, stdout, stderr };
    },
    read: (file) => readFile(file, "utf8"),
    readJson: async (file) => JSON.parse(await readFile(file, "utf8")) as unknown,
    async write(file, text) {
      await mkdir(join(file, ".."), { recursive: true });
      await writeFile(file, text);
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}
