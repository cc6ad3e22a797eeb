import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gone } from "../helpers/mcp-fixtures.ts";
import {
  cliForTestFile,
  mcpConfig,
  modelScript,
  NODE,
  ROOT,
  toolResults,
  WRAPPER,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// Ctrl-C while an MCP tool runs: print mode stops, reports, and leaves no server process behind —
// neither the wrapper (the process group's leader) nor the server it started.

const SLOW_SERVER = join(ROOT, "tests/helpers/print-slow-server.mjs");

const cli = cliForTestFile();
let box: CliSandbox;
let files: { started: string; serverPid: string; wrapperPid: string };
beforeEach(async () => {
  box = await cli.sandbox();
  files = {
    started: join(box.root, "slow.started"),
    serverPid: join(box.root, "server.pid"),
    wrapperPid: join(box.root, "wrapper.pid"),
  };
});
afterEach(async () => {
  // Never leave a server behind, even when an assertion failed first.
  for (const file of [files.serverPid, files.wrapperPid]) {
    if (existsSync(file)) {
      try {
        process.kill(Number(readFileSync(file, "utf8")), "SIGKILL");
      } catch {
        // Already gone: what the test wants.
      }
    }
  }
});

async function until(test: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts a print run whose model calls the slow tool; resolves once the call is running on the server. */
async function startSlowCall(serverEnv: Record<string, string> = {}, format = "stream-json") {
  const script = await box.write(
    "script.json",
    modelScript(
      [{ type: "tool_use", id: "toolu_slow", name: "mcp__slow__slow", input: {} }],
      [{ type: "text", text: "never" }],
    ),
  );
  const entry = {
    command: "sh",
    args: [WRAPPER, SLOW_SERVER],
    env: {
      MCP_TEST_NODE: NODE,
      MCP_TEST_WRAPPER_PID_FILE: files.wrapperPid,
      PRINT_SLOW_PID_FILE: files.serverPid,
      PRINT_SLOW_STARTED: files.started,
      ...serverEnv,
    },
  };
  const { child, ended } = box.start([
    "-p",
    "go",
    "--model-script",
    script,
    "--output-format",
    format,
    "--mcp-config",
    mcpConfig({ slow: entry }),
  ]);
  await until(() => existsSync(files.started));
  const pids = {
    server: Number(readFileSync(files.serverPid, "utf8")),
    wrapper: Number(readFileSync(files.wrapperPid, "utf8")),
  };
  return { child, ended, pids };
}

describe("SIGINT in print mode", () => {
  it("stops the running tool, reports the interruption and leaves no server process", async () => {
    const { child, ended, pids } = await startSlowCall();
    child.kill("SIGINT");
    const run = await ended;
    expect(run.code).toBe(1);
    expect(toolResults(run.lines)).toEqual([
      { type: "tool_result", tool_use_id: "toolu_slow", content: "Interrupted by user", is_error: true },
    ]);
    expect(run.lines.at(-1)).toMatchObject({
      type: "result",
      subtype: "error_during_execution",
      is_error: true,
      num_turns: 1,
      result: "Interrupted by user",
    });
    expect(await gone(pids.server)).toBe(true);
    expect(await gone(pids.wrapper)).toBe(true);
  });

  it("says it was interrupted on stderr in text mode", async () => {
    const { child, ended, pids } = await startSlowCall({}, "text");
    child.kill("SIGINT");
    expect(await ended).toMatchObject({ code: 1, stdout: "", stderr: "mini-cc: Interrupted by user\n" });
    expect(await gone(pids.server)).toBe(true);
  });

  it("kills a server that ignores SIGTERM and cancellation", async () => {
    const { child, ended, pids } = await startSlowCall({ PRINT_SLOW_STUBBORN: "1" });
    child.kill("SIGINT");
    const run = await ended;
    expect(run.code).toBe(1);
    expect(run.lines.at(-1)).toMatchObject({ subtype: "error_during_execution" });
    expect(await gone(pids.server)).toBe(true);
    expect(await gone(pids.wrapper)).toBe(true);
  });

  it("a second SIGINT during shutdown still leaves no server process", async () => {
    const { child, ended, pids } = await startSlowCall({ PRINT_SLOW_STUBBORN: "1" });
    child.kill("SIGINT");
    // The stubborn server keeps shutdown waiting for its SIGKILL: press Ctrl-C again meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill("SIGINT");
    await ended;
    expect(await gone(pids.server)).toBe(true);
    expect(await gone(pids.wrapper)).toBe(true);
  });
});
