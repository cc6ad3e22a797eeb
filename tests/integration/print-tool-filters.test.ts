import { beforeEach, describe, expect, it } from "vitest";
import {
  BUILTIN_TOOLS,
  cliForTestFile,
  initOf,
  mcpConfig,
  modelScript,
  resultOf,
  toolResultsById,
  toolUse,
  trackerEntry,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// Issue 12, filters: includeTools / excludeTools and deny rules decide what the model is offered at all.

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

async function print(entry: Record<string, unknown>, script: ReturnType<typeof modelScript>, extra: string[] = []) {
  const file = await box.write("script.json", script);
  return box.run([
    "-p",
    "go",
    "--model-script",
    file,
    "--output-format",
    "stream-json",
    "--mcp-config",
    mcpConfig({ tracker: entry }),
    ...extra,
  ]);
}

const done = [{ type: "text", text: "Done." }];

describe("per-server tool filters", () => {
  it("offer only the tools includeTools names minus excludeTools, and an excluded tool cannot be called", async () => {
    const script = modelScript([toolUse("t1", "mcp__tracker__add_comment", { id: "BUG-101", body: "x" })], done);
    const run = await print({ ...trackerEntry, includeTools: ["*_issue*"], excludeTools: ["get_*"] }, script);
    expect(run.code).toBe(0);
    expect(initOf(run.lines)?.tools).toEqual([...BUILTIN_TOOLS, "mcp__tracker__list_issues"]);
    expect(toolResultsById(run.lines)).toEqual({
      t1: { content: "No such tool: mcp__tracker__add_comment", is_error: true },
    });
  });

  it("applies a filter written in a scope file, and a bad filter fails only that server, naming its file, the server and the field", async () => {
    await box.write("project/.mcp.json", {
      mcpServers: { bad: { ...trackerEntry, excludeTools: "add_comment" } },
    });
    await box.write("home/mcp.json", {
      mcpServers: { tracker: { ...trackerEntry, excludeTools: ["add_comment", "get_issue"] } },
    });
    const script = modelScript(done);
    const file = await box.write("script.json", script);
    const run = await box.run(["-p", "go", "--model-script", file, "--output-format", "stream-json"]);
    const init = initOf(run.lines);
    expect(init?.tools).toEqual([...BUILTIN_TOOLS, "mcp__tracker__list_issues"]);
    expect(run.stderr).toContain(
      `MCP server bad failed: ${box.project}/.mcp.json: mcpServers.bad.excludeTools: expected array, got string`,
    );
  });
});

describe("denied tools", () => {
  it("are not offered at all when a rule refuses every call; a specifier rule leaves the tool offered", async () => {
    const run = await print(trackerEntry, modelScript(done), [
      "--disallowedTools",
      "mcp__tracker__add_comment,Write,Bash(rm:*)",
    ]);
    expect(run.code).toBe(0);
    expect(initOf(run.lines)?.tools).toEqual([
      "Read",
      "Edit",
      "Bash",
      "Glob",
      "Grep",
      "AskUserQuestion",
      "TaskOutput",
      "TaskList",
      "TaskStop",
      "Agent",
      "mcp__tracker__list_issues",
      "mcp__tracker__get_issue",
    ]);
    expect(resultOf(run.lines)?.is_error).toBe(false);
  });
});
