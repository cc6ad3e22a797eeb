import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  BUILTIN_TOOLS,
  cliForTestFile,
  initOf,
  mcpConfig,
  modelScript,
  NODE,
  ROOT,
  toolResults,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// Print mode with the tool cache: the server (tests/helpers/sleepy-server.mjs) takes
// 3 s before it answers initialize, so a run that ends sooner never waited for it.
const SLEEPY = join(ROOT, "tests/helpers/sleepy-server.mjs");
const DELAY_MS = 3000;
const SLOW_TOOLS = ["mcp__slow__tool_1", "mcp__slow__tool_2"];

const cli = cliForTestFile();
let box: CliSandbox;
let pids: string;
let config: string;
beforeEach(async () => {
  box = await cli.sandbox();
  pids = join(box.root, "pids");
  await mkdir(pids);
  config = mcpConfig({
    slow: {
      command: NODE,
      args: [SLEEPY],
      env: { SLEEPY_DELAY_MS: String(DELAY_MS), SLEEPY_PID_DIR: pids, SLEEPY_TOOLS: "tool_1,tool_2" },
    },
  });
});

async function print(responses: unknown[][], env: Record<string, string> = {}) {
  const script = await box.write(`script-${Math.random()}.json`, modelScript(...responses));
  const started = Date.now();
  const run = await box.run(
    [
      "-p",
      "hi",
      "--model-script",
      script,
      "--output-format",
      "stream-json",
      "--mcp-config",
      config,
      "--allowedTools",
      "mcp__slow",
    ],
    { env },
  );
  return { run, ms: Date.now() - started, init: initOf(run.lines) };
}

describe("print mode and the tool cache", () => {
  it("a cold run waits for the server and caches it; a warm run sends its first request without waiting, and a call waits for the live connect", async () => {
    const cold = await print([[{ type: "text", text: "cold" }]]);
    expect(cold.run.code).toBe(0);
    expect(cold.ms).toBeGreaterThanOrEqual(DELAY_MS);
    expect(cold.init?.tools).toEqual([...BUILTIN_TOOLS, ...SLOW_TOOLS]);
    expect(cold.init?.mcp_servers).toEqual([{ name: "slow", status: "connected" }]);
    expect((await readdir(join(box.home, "tool-cache"))).filter((f) => f.startsWith("slow-"))).toHaveLength(1);

    const warm = await print([[{ type: "text", text: "warm" }]]);
    expect(warm.run.code).toBe(0);
    expect(warm.ms).toBeLessThan(DELAY_MS - 500);
    expect(warm.init?.tools).toEqual([...BUILTIN_TOOLS, ...SLOW_TOOLS]);
    expect(warm.init?.mcp_servers).toEqual([{ name: "slow", status: "connected", mini_cc_status: "cached" }]);

    const call = await print([[toolUse("t1", "mcp__slow__tool_2", {})], [{ type: "text", text: "done" }]]);
    expect(call.run.code).toBe(0);
    expect(call.ms).toBeGreaterThanOrEqual(DELAY_MS);
    const [result] = toolResults(call.run.lines);
    expect(result?.is_error).toBeFalsy();
    expect(JSON.stringify(result?.content)).toMatch(/tool_2 ok \(pid \d+\)/);
  }, 40_000);

  it("MCP_STARTUP=lazy with a warm cache: a turn that uses no tool of the server never starts it", async () => {
    await print([[{ type: "text", text: "cold" }]]);
    const spawnedCold = (await readdir(pids)).length;
    const lazy = await print([[{ type: "text", text: "lazy" }]], { MCP_STARTUP: "lazy" });
    expect(lazy.run.code).toBe(0);
    expect(lazy.init?.tools).toEqual([...BUILTIN_TOOLS, ...SLOW_TOOLS]);
    expect(await readdir(pids)).toHaveLength(spawnedCold);
  }, 40_000);
});

describe("print mode, the tool cache and what a server offers beyond tools", () => {
  const PROTOCOL = join(ROOT, "tests/helpers/mcp-protocol-server.mjs");
  const notes = (delay: number) =>
    mcpConfig({ notes: { command: NODE, args: [PROTOCOL], env: { PROTOCOL_DELAY_MS: String(delay) } } });
  async function run(responses: unknown[][], delay: number) {
    const script = await box.write(`script-${Math.random()}.json`, modelScript(...responses));
    const ran = await box.run([
      "-p",
      "hi",
      "--model-script",
      script,
      "--output-format",
      "stream-json",
      "--mcp-config",
      notes(delay),
    ]);
    return { run: ran, init: initOf(ran.lines) };
  }

  it("keeps ListMcpResources and ReadMcpResource for a server offered from its cache, and reads through it", async () => {
    // The same entry both times: the cache is keyed by it.
    const cold = await run([[{ type: "text", text: "cold" }]], 2000);
    expect(cold.init?.tools).toEqual(expect.arrayContaining(["ListMcpResources", "ReadMcpResource"]));
    const warm = await run(
      [[toolUse("t1", "ReadMcpResource", { server: "notes", uri: "note://text" })], [{ type: "text", text: "done" }]],
      2000,
    );
    expect(warm.init?.mcp_servers).toEqual([{ name: "notes", status: "connected", mini_cc_status: "cached" }]);
    expect(warm.init?.tools).toEqual(expect.arrayContaining(["ListMcpResources", "ReadMcpResource"]));
    const [result] = toolResults(warm.run.lines);
    expect(JSON.stringify(result?.content)).toContain("contents of note://text");
  }, 40_000);

  it("says a resource was over the 10 MB line limit, not that the connection closed", async () => {
    const read = await run(
      [[toolUse("t1", "ReadMcpResource", { server: "notes", uri: "note://huge" })], [{ type: "text", text: "done" }]],
      0,
    );
    const [result] = toolResults(read.run.lines);
    expect(result?.is_error).toBe(true);
    expect(JSON.stringify(result?.content)).toContain("result larger than the 10 MB line limit");
  }, 40_000);
});
