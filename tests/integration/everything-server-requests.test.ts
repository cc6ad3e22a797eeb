import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  cliForTestFile,
  initOf,
  mcpConfig,
  modelScript,
  NODE,
  SERVERS_DIR,
  toolResultsById,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// The reference server (@modelcontextprotocol/server-everything) offers its elicitation and sampling
// tools only to a client that declares those capabilities; print mode then declines, or samples with
// --allow-sampling through the scripted model.

const EVERYTHING = join(SERVERS_DIR, "server-everything/dist/index.js");
const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

async function call(tool: string, input: Record<string, unknown>, middle: unknown[][] = [], extra: string[] = []) {
  const script = await box.write(
    "script.json",
    modelScript([toolUse("t1", `mcp__everything__${tool}`, input)], ...middle, [{ type: "text", text: "Done." }]),
  );
  const run = await box.run([
    "-p",
    "go",
    "--model-script",
    script,
    "--output-format",
    "stream-json",
    "--mcp-config",
    mcpConfig({ everything: { command: NODE, args: [EVERYTHING, "stdio"] } }),
    "--allowedTools",
    "mcp__everything__*",
    ...extra,
  ]);
  const result = toolResultsById(run.lines).t1 as { content: Array<{ text: string }>; is_error: boolean } | undefined;
  return { run, text: result?.content.map((c) => c.text).join("\n") ?? "", init: initOf(run.lines) };
}

describe("server-everything's elicitation and sampling tools", () => {
  it("are offered, since the client declares elicitation (form and URL) and sampling", async () => {
    const { init } = await call("echo", { message: "hi" });
    expect(init?.tools).toEqual(
      expect.arrayContaining([
        "mcp__everything__trigger-elicitation-request",
        "mcp__everything__trigger-url-elicitation",
        "mcp__everything__trigger-sampling-request",
      ]),
    );
  });

  it("print mode declines its elicitation form and says so on stderr", async () => {
    const { run, text } = await call("trigger-elicitation-request", {});
    expect(run.code).toBe(0);
    expect(text).toContain("User declined to provide the requested information.");
    expect(run.stderr).toContain(
      "mini-cc: MCP server everything asked for input: declined (nobody to ask in print mode)\n",
    );
  });

  it("print mode samples only with --allow-sampling, and the server receives the scripted model's reply", async () => {
    const refused = await call("trigger-sampling-request", { prompt: "Say hi" });
    expect(refused.text).toContain("--allow-sampling");
    expect(refused.run.stderr).toContain(
      "mini-cc: MCP server everything asked to use the model: declined (allow with --allow-sampling)\n",
    );

    const allowed = await call(
      "trigger-sampling-request",
      { prompt: "Say hi" },
      [[{ type: "text", text: "Hi from the script." }]],
      ["--allow-sampling"],
    );
    expect(allowed.run.code).toBe(0);
    expect(allowed.text).toContain("LLM sampling result:");
    expect(allowed.text).toContain('"text": "Hi from the script."');
    expect(allowed.run.lines.at(-1)).toMatchObject({ type: "result", result: "Done." });
  });
});
