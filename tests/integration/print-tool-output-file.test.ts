import { stat } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  NODE,
  TEST_SERVER,
  cliForTestFile,
  mcpConfig,
  modelScript,
  toolResultsById,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// Issue 12: output past MAX_MCP_OUTPUT_TOKENS is saved whole in the home folder, and Read may read it back in slices.

const SESSION = "11111111-2222-4333-8444-555555555555";
const LINES = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`);
const TEXT = LINES.join("\n");

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

describe("MCP output past the cap", () => {
  it("is saved whole to a private file the note names, and the model reads a slice back with Read without asking", async () => {
    const saved = join(box.home, "tool-output", SESSION, "test__echo-1.txt");
    const script = modelScript(
      [toolUse("t1", "mcp__test__echo", { text: TEXT })],
      [
        toolUse("t2", "Read", { file_path: saved, offset: 150, limit: 2 }),
        toolUse("t3", "Read", { file_path: join(box.home, "mcp.json") }),
      ],
      [{ type: "text", text: "Done." }],
    );
    await box.write("home/mcp.json", { mcpServers: {} });
    const file = await box.write("script.json", script);
    const run = await box.run(
      [
        "-p",
        "go",
        "--model-script",
        file,
        "--output-format",
        "stream-json",
        "--session-id",
        SESSION,
        "--allowedTools",
        "mcp__test__echo",
        "--mcp-config",
        mcpConfig({ test: { command: NODE, args: [TEST_SERVER] } }),
      ],
      { env: { MAX_MCP_OUTPUT_TOKENS: "25" } },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const results = toolResultsById(run.lines);
    expect(results.t1).toEqual({
      content: [
        { type: "text", text: TEXT.slice(0, 100) },
        {
          type: "text",
          text:
            `[Output truncated: the tool returned ${TEXT.length} characters (about ${Math.ceil(TEXT.length / 4)} tokens); only the first 100 are shown. ` +
            `The whole output is saved in ${saved} (${TEXT.length} characters, 300 lines). ` +
            `Read it in slices with the Read tool: file_path "${saved}", offset (the 1-based line to start at) and limit (how many lines), for example offset 1 and limit 200.]`,
        },
      ],
      is_error: false,
    });
    expect(results.t2).toEqual({
      content: "   150\tline 150\n   151\tline 151\n\n(Showing lines 150-151 of 300. Use offset=152 to read on.)",
      is_error: false,
    });
    // Only that folder: another file of the home still needs approval, which print mode cannot give.
    expect(results.t3?.is_error).toBe(true);
    expect(String(results.t3?.content)).toContain(
      "Read was not run: it needs approval (outside the working directory)",
    );
    expect(await box.read(saved)).toBe(TEXT);
    expect((await stat(saved)).mode & 0o777).toBe(0o600);
    expect((await stat(join(box.home, "tool-output", SESSION))).mode & 0o777).toBe(0o700);
  });

  it("removes session folders of saved output a week old at start, and keeps newer ones", async () => {
    const { utimes } = await import("node:fs/promises");
    const old = await box.write("home/tool-output/old-session/x__y-1.txt", "old");
    const recent = await box.write("home/tool-output/recent-session/x__y-1.txt", "recent");
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    await utimes(join(old, ".."), eightDaysAgo, eightDaysAgo);
    const file = await box.write("script.json", modelScript([{ type: "text", text: "Done." }]));
    const run = await box.run(["-p", "go", "--model-script", file]);
    expect(run.code).toBe(0);
    await expect(stat(join(old, ".."))).rejects.toThrow(/ENOENT/);
    expect(await box.read(recent)).toBe("recent");
  });

  it("refuses a --session-id that is not a UUID", async () => {
    const run = await box.run(["-p", "go", "--session-id", "../../etc"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--session-id takes a UUID");
  });
});
