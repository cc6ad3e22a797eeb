import { describe, expect, it } from "vitest";
import { deferredToolsSection, planTools, shouldDefer, toolSearchSetting } from "../../../src/agent/tool-search.ts";
import type { Message } from "../../../src/model/messages.ts";
import { visibleToolSpecs } from "../../../src/model/deferred-tools.ts";
import { searchTools, ToolSearchTool } from "../../../src/tools/tool-search-tool.ts";
import { fakeTool } from "../../helpers/agent-fakes.ts";

const mcp = (tool: string, description = `The ${tool} tool.`, schemaChars = 0) => ({
  ...fakeTool(`mcp__srv__${tool}`),
  description,
  inputSchema: { type: "object", description: "x".repeat(schemaChars) },
  server: "srv",
  toolName: tool,
});
const read = fakeTool("Read");

describe("ENABLE_TOOL_SEARCH", () => {
  it("reads true, false, auto and auto:N; anything else is auto at 10%", () => {
    expect(toolSearchSetting({ ENABLE_TOOL_SEARCH: "true" })).toEqual({ kind: "on" });
    expect(toolSearchSetting({ ENABLE_TOOL_SEARCH: "false" })).toEqual({ kind: "off" });
    expect(toolSearchSetting({ ENABLE_TOOL_SEARCH: "auto:25" })).toEqual({ kind: "auto", percent: 25 });
    expect(toolSearchSetting({ ENABLE_TOOL_SEARCH: "auto" })).toEqual({ kind: "auto", percent: 10 });
    expect(toolSearchSetting({})).toEqual({ kind: "auto", percent: 10 });
    expect(toolSearchSetting({ ENABLE_TOOL_SEARCH: "sometimes" })).toEqual({ kind: "auto", percent: 10 });
  });

  it("auto defers only when the MCP definitions pass the share of the context window", () => {
    // 1,000 tokens of window = 4,000 characters; 10% = 400.
    const small = [mcp("a", "", 100)];
    const big = [mcp("a", "", 200), mcp("b", "", 200)];
    const auto = { setting: { kind: "auto", percent: 10 } as const, contextWindowTokens: 1000 };
    expect(shouldDefer(small, auto)).toBe(false);
    expect(shouldDefer(big, auto)).toBe(true);
    expect(shouldDefer(big, { ...auto, setting: { kind: "off" } })).toBe(false);
    expect(shouldDefer([], { setting: { kind: "on" } })).toBe(false);
  });
});

describe("the tool plan", () => {
  it("without deferral offers every tool as it is", () => {
    const plan = planTools([read, mcp("a")], [], { setting: { kind: "off" } });
    expect(plan.specs.map((s) => [s.name, s.defer_loading])).toEqual([
      ["Read", undefined],
      ["mcp__srv__a", undefined],
    ]);
    expect(plan.callable.map((t) => t.name)).toEqual(["Read", "mcp__srv__a"]);
    expect(plan.section).toBeUndefined();
  });

  it("with deferral puts built-ins and ToolSearch first, MCP tools deferred after them, callable once a tool_reference loads them", () => {
    const tools = [mcp("list_issues"), read, mcp("get_issue")];
    const before = planTools(tools, [], { setting: { kind: "on" } });
    expect(before.specs.map((s) => [s.name, s.defer_loading === true])).toEqual([
      ["Read", false],
      ["ToolSearch", false],
      ["mcp__srv__list_issues", true],
      ["mcp__srv__get_issue", true],
    ]);
    expect(before.callable.map((t) => t.name)).toEqual(["Read", "ToolSearch"]);
    const messages: Message[] = [
      { role: "user", content: "go" },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "t1", name: "ToolSearch", input: { query: "select:mcp__srv__get_issue" } }],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "t1",
            content: [{ type: "tool_reference", tool_name: "mcp__srv__get_issue" }],
          },
        ],
      },
    ];
    const after = planTools(tools, messages, { setting: { kind: "on" } });
    expect(after.specs).toEqual(before.specs);
    expect(after.section).toEqual(before.section);
    expect(after.callable.map((t) => t.name)).toEqual(["Read", "ToolSearch", "mcp__srv__get_issue"]);
    expect(visibleToolSpecs({ tools: after.specs, messages }).map((s) => s.name)).toEqual([
      "Read",
      "ToolSearch",
      "mcp__srv__get_issue",
    ]);
  });

  it("keeps deferring once a tool was loaded, even when the tools shrink below the threshold", () => {
    const messages: Message[] = [
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: [{ type: "tool_reference", tool_name: "mcp__srv__a" }] },
        ],
      },
    ];
    const auto = { setting: { kind: "auto", percent: 10 } as const };
    expect(planTools([read, mcp("a")], [], auto).deferred).toEqual([]);
    expect(planTools([read, mcp("a")], messages, auto).deferred.map((t) => t.name)).toEqual(["mcp__srv__a"]);
    expect(planTools([read, mcp("a")], messages, auto).callable.map((t) => t.name)).toEqual([
      "Read",
      "ToolSearch",
      "mcp__srv__a",
    ]);
  });

  it("names each deferred tool with the start of its description", () => {
    const long = "Searches every issue in the tracker by text, label, assignee and status, newest first.";
    expect(deferredToolsSection([mcp("search", `${long}\nMore.`), mcp("bare", "")])).toBe(
      [
        "# Deferred tools",
        "These MCP tools are available but not loaded. Before calling one, load it with ToolSearch: keywords, or select:<name> (comma-separated for several). A loaded tool stays callable.",
        "- mcp__srv__search: Searches every issue in the tracker by text, label, assigne…",
        "- mcp__srv__bare",
      ].join("\n"),
    );
  });
});

describe("ToolSearch", () => {
  const tools = [
    mcp("list_issues", "List issues by status."),
    mcp("get_issue", "One issue with comments."),
    mcp("add_comment", "Comment on an issue."),
  ];

  it("selects exact names in the order given and ignores unknown ones", () => {
    expect(searchTools(tools, "select:mcp__srv__add_comment, mcp__srv__list_issues,nope").map((t) => t.name)).toEqual([
      "mcp__srv__add_comment",
      "mcp__srv__list_issues",
    ]);
  });

  it("ranks keyword hits by name parts, then name, then description; +word is required", () => {
    expect(searchTools(tools, "comment").map((t) => t.name)).toEqual(["mcp__srv__add_comment", "mcp__srv__get_issue"]);
    expect(searchTools(tools, "issue +status").map((t) => t.name)).toEqual(["mcp__srv__list_issues"]);
    expect(searchTools(tools, "issue", 2).map((t) => t.name)).toEqual(["mcp__srv__get_issue", "mcp__srv__list_issues"]);
    expect(searchTools(tools, "weather")).toEqual([]);
  });

  it("answers with tool references, or says nothing matched", async () => {
    const search = new ToolSearchTool(tools);
    expect(await search.run({ query: "select:mcp__srv__get_issue" })).toEqual({
      content: [{ type: "tool_reference", tool_name: "mcp__srv__get_issue" }],
      isError: false,
    });
    const none = await search.run({ query: "weather" });
    expect(none.isError).toBe(false);
    expect(none.content).toContain('No deferred tool matches "weather"');
    expect((await search.run({ query: " " })).isError).toBe(true);
  });
});
