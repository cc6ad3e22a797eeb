/**
 * The session runtime as the CLI wires it (config → McpManager → tools →
 * Agent → the real Anthropic SDK), for integration tests: the options of a
 * plain run, and runtimes started in a temporary project against a
 * stand-in Messages API, closed and removed after each test.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { RunOptions } from "../../src/session/run-options.ts";
import { createRuntime, type Runtime } from "../../src/session/runtime.ts";
import type { FakeMessagesApi } from "./fake-messages-api.ts";

/**
 * What `mini-cc --strict-mcp-config` runs with (interactive, default
 * permissions, no MCP server but those a test gives), `overrides` on top.
 */
export function cliRunOptions(overrides: Partial<RunOptions> = {}): RunOptions {
  return {
    print: false,
    prompt: undefined,
    outputFormat: "text",
    modelScript: undefined,
    permissionMode: "default",
    allowedTools: [],
    disallowedTools: [],
    addDirs: [],
    mcpConfig: [],
    strictMcpConfig: true,
    allowSampling: false,
    maxTurns: 50,
    ...overrides,
  };
}

export interface RuntimeStart {
  /** ANTHROPIC_MODEL; the built-in default when left out. */
  readonly model?: string;
  readonly options?: RunOptions;
  /** More environment for the session (MINI_CC_… settings). */
  readonly env?: Record<string, string>;
}

export interface TestRuntimes {
  /**
   * An interactive runtime in a new temporary project with its own home,
   * talking to `api`; every approval question is denied.
   */
  start(api: FakeMessagesApi, start?: RuntimeStart): Promise<Runtime>;
  /** Runs `cleanup` after the test (a stand-in API's close), after the runtimes started since close. */
  afterTest(cleanup: () => Promise<void> | void): void;
}

/** Runtimes for one test file. Call at the top level. */
export function runtimesForTestFile(prefix = "mini-cc-runtime-"): TestRuntimes {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    async start(api, { model, options = cliRunOptions(), env: extra = {} } = {}) {
      const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const env = {
        PATH: process.env.PATH,
        MINI_CC_HOME: join(dir, "home"),
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: api.baseURL,
        ...(model !== undefined ? { ANTHROPIC_MODEL: model } : {}),
        ...extra,
      };
      const runtime = await createRuntime({
        options,
        cwd: dir,
        env,
        interactive: true,
        warn: () => {},
        ask: async () => ({ behavior: "deny" }),
      });
      cleanups.push(() => runtime.close());
      return runtime;
    },
    afterTest(cleanup) {
      cleanups.push(cleanup);
    },
  };
}
