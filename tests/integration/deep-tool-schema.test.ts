import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  BUILTIN_TOOLS,
  NODE,
  ROOT,
  cliForTestFile,
  initOf,
  mcpConfig,
  modelScript,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// A server listing a tool whose input schema is nested thousands of levels deep: that tool
// is left out, with the reason shown, and the session (and the server's other tools) still
// work, instead of every turn failing with "Maximum call stack size exceeded".

const DEEP_SERVER = join(ROOT, "tests/helpers/deep-schema-server.mjs");
const cli = cliForTestFile();
let box: CliSandbox;
let script: string;
beforeEach(async () => {
  box = await cli.sandbox();
  script = await box.write("script.json", modelScript([{ type: "text", text: "Hello." }]));
});
const useServer = (depth: number) =>
  box.write(
    "home/mcp.json",
    mcpConfig({ srv: { command: NODE, args: [DEEP_SERVER], env: { MCP_TEST_DEPTH: String(depth) } } }),
  );

describe("a tool schema nested too deep", () => {
  it("mcp get lists it as skipped, with the reason, under the tools that are offered", async () => {
    await useServer(3000);
    const run = await box.run(["mcp", "get", "srv"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "  Status: ✔ connected · 1 tool\n  Protocol: 2025-11-25\n  Capabilities: tools\n  Read-only hints: its read-only tools run without asking: 0 of 1\n    ok\n    deep  (skipped: input schema nested deeper than 64 levels)\n",
    );
  });

  it("print mode offers the server's other tools and the turn completes", async () => {
    await useServer(3000);
    const run = await box.run(["-p", "hi", "--model-script", script, "--output-format", "stream-json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(initOf(run.lines)?.tools).toEqual([...BUILTIN_TOOLS, "mcp__srv__ok"]);
    expect(run.lines.at(-1)).toMatchObject({ is_error: false, result: "Hello." });
  });

  it("keeps a tool whose schema is nested, but within the limit", async () => {
    await useServer(10);
    const run = await box.run(["-p", "hi", "--model-script", script, "--output-format", "stream-json"]);
    expect(run.code).toBe(0);
    expect(initOf(run.lines)?.tools).toEqual([...BUILTIN_TOOLS, "mcp__srv__deep", "mcp__srv__ok"]);
  });
});
