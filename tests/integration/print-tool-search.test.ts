import { beforeEach, describe, expect, it } from "vitest";
import {
  BUILTIN_TOOLS,
  cliForTestFile,
  initOf,
  mcpConfig,
  resultOf,
  toolResultsById,
  toolUse,
  trackerEntry,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// Issue 12, tool search end to end in print mode: deferred MCP tools, ToolSearch, then the call.

const TRACKER_TOOLS = ["mcp__tracker__list_issues", "mcp__tracker__get_issue", "mcp__tracker__add_comment"];
const TODO_LINE = "BUG-101 [Todo] list_posts has no pagination; the home page returns 5000 posts";

const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

async function print(responses: unknown[], env: Record<string, string> = { ENABLE_TOOL_SEARCH: "true" }) {
  const file = await box.write("script.json", { responses });
  const argv = [
    "-p",
    "What is left?",
    "--model-script",
    file,
    "--output-format",
    "stream-json",
    "--mcp-config",
    mcpConfig({ tracker: trackerEntry }),
  ];
  return box.run(argv, { env });
}

const done = { content: [{ type: "text", text: "Done." }] };

describe("tool search in print mode", () => {
  it("offers no deferred schema before the search, and after select: the tool is loaded and called", async () => {
    const run = await print([
      {
        expect: {
          tools: ["ToolSearch", "Read"],
          notTools: TRACKER_TOOLS,
          systemIncludes: ["# Deferred tools", "- mcp__tracker__list_issues"],
        },
        content: [toolUse("t1", "ToolSearch", { query: "select:mcp__tracker__list_issues" })],
      },
      {
        expect: {
          tools: ["mcp__tracker__list_issues"],
          notTools: ["mcp__tracker__get_issue", "mcp__tracker__add_comment"],
        },
        content: [toolUse("t2", "mcp__tracker__list_issues", { status: "Todo" })],
      },
      done,
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const init = initOf(run.lines);
    expect(init?.tools).toEqual([...BUILTIN_TOOLS, "ToolSearch", ...TRACKER_TOOLS]);
    expect(init?.deferred_tools).toEqual(TRACKER_TOOLS);
    const results = toolResultsById(run.lines);
    expect(results.t1).toEqual({
      content: [{ type: "tool_reference", tool_name: "mcp__tracker__list_issues" }],
      is_error: false,
    });
    expect(results.t2).toEqual({ content: [{ type: "text", text: TODO_LINE }], is_error: false });
    expect(resultOf(run.lines)?.is_error).toBe(false);
  });

  it("finds tools by keywords, and refuses a deferred tool called before it is loaded", async () => {
    const run = await print([
      {
        content: [
          toolUse("t1", "mcp__tracker__add_comment", { id: "BUG-101", body: "x" }),
          toolUse("t2", "ToolSearch", { query: "comment", max_results: 1 }),
        ],
      },
      { expect: { tools: ["mcp__tracker__add_comment"] }, content: [{ type: "text", text: "Loaded." }] },
    ]);
    expect(run.code).toBe(0);
    const results = toolResultsById(run.lines);
    expect(results.t1).toEqual({
      content:
        "mcp__tracker__add_comment is deferred and not loaded yet: call ToolSearch with select:mcp__tracker__add_comment first, then call it.",
      is_error: true,
    });
    expect(results.t2?.content).toEqual([{ type: "tool_reference", tool_name: "mcp__tracker__add_comment" }]);
  });

  it("fails the run when a request does not match the script's expectation", async () => {
    const run = await print([
      { expect: { tools: ["mcp__tracker__list_issues"] }, content: [{ type: "text", text: "x" }] },
    ]);
    expect(run.code).toBe(1);
    expect(resultOf(run.lines)?.is_error).toBe(true);
    expect(JSON.stringify(run.lines)).toContain(
      'model script response 1: the request does not match its \\"expect\\": tool mcp__tracker__list_issues is not offered',
    );
  });

  it("leaves a few small tools undeferred under the default auto threshold, and everything undeferred when false", async () => {
    for (const env of [{}, { ENABLE_TOOL_SEARCH: "false" }, { ENABLE_TOOL_SEARCH: "auto:5" }] as Record<
      string,
      string
    >[]) {
      const run = await print(
        [{ expect: { tools: TRACKER_TOOLS, notTools: ["ToolSearch"] }, content: [{ type: "text", text: "x" }] }],
        env,
      );
      expect(run.code).toBe(0);
      expect(initOf(run.lines)?.tools).toEqual([...BUILTIN_TOOLS, ...TRACKER_TOOLS]);
      expect(initOf(run.lines)?.deferred_tools).toBeUndefined();
    }
    const tiny = await print([{ expect: { notTools: TRACKER_TOOLS }, content: [{ type: "text", text: "x" }] }], {
      ENABLE_TOOL_SEARCH: "auto:0",
    });
    expect(tiny.code).toBe(0);
    expect(initOf(tiny.lines)?.deferred_tools).toEqual(TRACKER_TOOLS);
  });
});
