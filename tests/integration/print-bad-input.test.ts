import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { USAGE } from "../../src/cli/cli-args.ts";
import { cliForTestFile, markedServerEntry, mcpConfig, modelScript, type CliSandbox } from "../helpers/cli-sandbox.ts";

// A mistake on the command line: one line naming the problem, one pointing at --help, exit 2, and
// nothing started — a user-scope server whose wrapper leaves a marker file proves it.

const cli = cliForTestFile();
let box: CliSandbox;
let marker: string;
let script: string;
beforeEach(async () => {
  box = await cli.sandbox();
  marker = join(box.root, "server.started");
  await box.write("home/mcp.json", mcpConfig({ watch: markedServerEntry(marker) }));
  script = await box.write("script.json", modelScript([{ type: "text", text: "Hello." }]));
});

/** Runs `-p hi …argv` and checks the usage-error contract; `problem` is the first stderr line. */
async function expectUsageError(argv: string[], problem: string): Promise<void> {
  const run = await box.run(["-p", "hi", ...argv]);
  expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
    code: 2,
    stdout: "",
    stderr: `mini-cc: ${problem}\nRun 'mini-cc --help' for the options.\n`,
  });
  expect(existsSync(marker)).toBe(false);
}

describe("print mode bad input", () => {
  it("starts the marker server on good input (the control for the tests below)", async () => {
    const run = await box.run(["-p", "hi", "--model-script", script]);
    expect(run).toMatchObject({ code: 0, stdout: "Hello.\n", stderr: "" });
    expect(existsSync(marker)).toBe(true);
  });

  it("--help prints the whole help on stdout (a usage error prints only its line and the pointer to it)", async () => {
    const run = await box.run(["--help"]);
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 0,
      stdout: `${USAGE}\n`,
      stderr: "",
    });
    expect(USAGE.split("\n").length).toBeGreaterThan(20);
  });

  it("rejects an unknown flag", async () => {
    await expectUsageError(["--model-script", script, "--bogus"], "unknown option --bogus");
  });

  it("rejects a flag without its value", async () => {
    await expectUsageError(["--model-script"], "option --model-script needs a value");
  });

  it("rejects a missing script file", async () => {
    await expectUsageError(["--model-script", "nope.json"], "nope.json: model script not found");
  });

  it("rejects an invalid script, naming the file and the JSON path", async () => {
    const bad = await box.write(
      "bad.json",
      JSON.stringify({ responses: [{ content: [{ type: "tool_use", name: "Read", input: "posts.ts" }] }] }),
    );
    await expectUsageError(
      ["--model-script", bad],
      `${bad}: responses[0].content[0].input: expected object, got string`,
    );
  });

  it("rejects a script that is not JSON, naming the file, line and column", async () => {
    const bad = await box.write("broken.json", '{"responses": [\n');
    await expectUsageError(["--model-script", bad], `${bad}:2:1: invalid JSON: unexpected end of input`);
  });

  it("rejects an unknown permission mode", async () => {
    await expectUsageError(
      ["--model-script", script, "--permission-mode", "yolo"],
      "unknown --permission-mode value: yolo (expected default, acceptEdits, plan or bypassPermissions)",
    );
  });

  it("rejects an unknown output format", async () => {
    await expectUsageError(
      ["--model-script", script, "--output-format", "xml"],
      "unknown --output-format value: xml (expected text, json or stream-json)",
    );
  });

  it("rejects an --mcp-config value that is neither a file nor JSON", async () => {
    await expectUsageError(
      ["--model-script", script, "--mcp-config", "notjson"],
      "--mcp-config notjson: no such file, and not inline JSON",
    );
  });

  it("rejects inline --mcp-config JSON that does not parse", async () => {
    await expectUsageError(
      ["--model-script", script, "--mcp-config", '{"mcpServers": '],
      "--mcp-config (inline JSON):1:16: invalid JSON (unexpected end of input)",
    );
  });

  it("rejects an --mcp-config without mcpServers", async () => {
    await expectUsageError(
      ["--model-script", script, "--mcp-config", '{"servers": {}}'],
      "--mcp-config (inline JSON): mcpServers: missing",
    );
  });

  it("rejects a bad tool rule", async () => {
    await expectUsageError(
      ["--model-script", script, "--allowedTools", "Bash("],
      'invalid tool rule "Bash(": expected a tool name of letters, digits, _ and - with optional * wildcards, like mcp__tracker__* or Bash(git status:*)',
    );
  });

  it("rejects a --max-turns that is not a whole number", async () => {
    await expectUsageError(
      ["--model-script", script, "--max-turns", "0"],
      "--max-turns takes a whole number of at least 1, not 0",
    );
  });
});
