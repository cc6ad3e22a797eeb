/**
 * The built CLI on a real pseudo-terminal, for one e2e test file: copies the
 * CLI before its tests (and, when asked, makes a CliSandbox from it), kills
 * every app launched and removes every temporary folder after each test, and
 * removes the copy and the sandbox after them. Call at the top level. Also:
 * the pids of the servers an app started, and a wait for what the screen
 * does not show.
 */
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { copyBuiltCli, createCliSandbox, NODE, type BuiltCli, type CliSandbox } from "./cli-sandbox.ts";
import { interactiveEnv, PtyScreen } from "./pty-screen.ts";

export interface PtyAppLaunch {
  readonly cols: number;
  readonly rows: number;
  readonly cwd: string;
  /** Added to the interactive environment (CI unset, TERM set). */
  readonly env?: Record<string, string>;
}

export interface PtyApps {
  /** The copy of the built CLI (set once the file's tests start). */
  readonly built: BuiltCli;
  /** The sandbox made from the copy; only with `{ sandbox: true }`. */
  readonly box: CliSandbox;
  /** `node <cli> ...args` on a pseudo-terminal, killed after the test. */
  launch(args: readonly string[], options: PtyAppLaunch): PtyScreen;
  /** A new folder under the system's temporary one, removed after the test. */
  tempDir(prefix: string): string;
}

export function ptyAppsForTestFile(options: { sandbox?: boolean } = {}): PtyApps {
  let built: BuiltCli | undefined;
  let box: CliSandbox | undefined;
  const apps: PtyScreen[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    built = await copyBuiltCli();
    if (options.sandbox) box = await createCliSandbox(built.cli);
  });
  afterAll(async () => {
    await box?.dispose();
    await built?.dispose();
  });
  afterEach(() => {
    for (const app of apps.splice(0)) app.kill();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get built() {
      if (!built) throw new Error("ptyAppsForTestFile: the CLI is copied before the file's tests");
      return built;
    },
    get box() {
      if (!box)
        throw new Error("ptyAppsForTestFile: no sandbox (pass { sandbox: true }), or read before the file's tests");
      return box;
    },
    launch(args, { env = {}, ...size }) {
      const app = new PtyScreen(NODE, [this.built.cli, ...args], { ...size, env: interactiveEnv(env) });
      apps.push(app);
      return app;
    },
    tempDir(prefix) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
  };
}

/**
 * Pids of the processes running `script` with `cwd` as their working
 * directory (servers run in the project). With `{ nodeOnly: true }` only the
 * node process itself: a sandboxed server's wrappers (sh, bwrap, socat)
 * carry the same words.
 */
export function serverPids(cwd: string, script: string, options: { nodeOnly?: boolean } = {}): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const [program, first] = cmdline.split("\0");
      const runs = options.nodeOnly ? program === NODE && first?.includes(script) === true : cmdline.includes(script);
      if (runs && readlinkSync(`/proc/${entry}/cwd`) === cwd) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

/** Polls `check` until it holds; rejects after `timeoutMs`, naming `what` it waited for. */
export async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
