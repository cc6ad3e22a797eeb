import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  cliForTestFile,
  mcpConfig,
  modelScript,
  NODE,
  ROOT,
  toolResultsById,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// Print mode has nobody to ask: a server's elicitation is declined and sampling runs only with
// --allow-sampling; stderr says which. The asker fixture reports back what it received.

const ASKER = join(ROOT, "tests/helpers/elicit-sampling-server.mjs");
const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

/** One print run whose scripted model calls `tool` on the asker, then answers `then` (more script entries go between). */
async function callAsker(tool: string, middle: unknown[][] = [], extra: string[] = []) {
  const script = await box.write(
    "script.json",
    modelScript([toolUse("t1", `mcp__asker__${tool}`, {})], ...middle, [{ type: "text", text: "Done." }]),
  );
  const config = mcpConfig({ asker: { command: NODE, args: [ASKER] } });
  const run = await box.run([
    "-p",
    "go",
    "--model-script",
    script,
    "--output-format",
    "stream-json",
    "--mcp-config",
    config,
    "--allowedTools",
    "mcp__asker__*",
    ...extra,
  ]);
  const result = toolResultsById(run.lines).t1 as { content: Array<{ text: string }> } | undefined;
  return { run, received: result ? JSON.parse(result.content[0]!.text) : undefined };
}

describe("print mode answers servers' requests", () => {
  it("declines a form elicitation and says so on stderr", async () => {
    const { run, received } = await callAsker("ask_form");
    expect(run.code).toBe(0);
    expect(received).toEqual({ action: "decline" });
    expect(run.stderr).toBe("mini-cc: MCP server asker asked for input: declined (nobody to ask in print mode)\n");
  });

  it("declines a URL elicitation", async () => {
    const { received, run } = await callAsker("ask_url");
    expect(received).toEqual({ action: "decline" });
    expect(run.stderr).toBe("mini-cc: MCP server asker asked to visit a URL: declined (nobody to ask in print mode)\n");
  });

  it("declines a schema it cannot render, with the reason, without failing the run", async () => {
    const { received, run } = await callAsker("ask_nested");
    expect(run.code).toBe(0);
    expect(received).toEqual({ action: "decline" });
    expect(run.stderr).toBe(
      'mini-cc: MCP server asker asked for input: declined (cannot be shown (field "address": unsupported type "object"))\n',
    );
  });

  it("declines sampling without --allow-sampling: the model is not asked", async () => {
    const { received, run } = await callAsker("ask_sample");
    expect(run.code).toBe(0);
    expect(received.error.code).toBe(-1);
    expect(received.error.message).toContain("--allow-sampling");
    expect(run.stderr).toBe(
      "mini-cc: MCP server asker asked to use the model: declined (allow with --allow-sampling)\n",
    );
    // The script's second response ("Done.") ended the turn: sampling took none.
    expect(run.lines.at(-1)).toMatchObject({ type: "result", result: "Done." });
  });

  it("with --allow-sampling runs the scripted model and the server receives its reply", async () => {
    const { received, run } = await callAsker("ask_sample", [[{ type: "text", text: "Blue." }]], ["--allow-sampling"]);
    expect(run.code).toBe(0);
    expect(received).toEqual({
      role: "assistant",
      content: { type: "text", text: "Blue." },
      model: "script:script.json",
      stopReason: "endTurn",
    });
    expect(run.stderr).toBe("mini-cc: MCP server asker used the model (--allow-sampling)\n");
    expect(run.lines.at(-1)).toMatchObject({ type: "result", result: "Done." });
  });
});
