import { afterEach, describe, expect, it } from "vitest";
import { Agent } from "../../src/agent/agent.ts";
import { PermissionChain } from "../../src/agent/permissions.ts";
import { SystemContext } from "../../src/agent/system-sections.ts";
import { AnthropicModel } from "../../src/model/anthropic-model.ts";
import { McpTool } from "../../src/mcp/tools/mcp-tool.ts";
import { textResult } from "../../src/tools/tool.ts";
import { FakeClock } from "../helpers/fake-clock.ts";
import { FakeMessagesApi, type FakeMessage, type FakeReply } from "../helpers/fake-messages-api.ts";
import { collect, fakeTool } from "../helpers/agent-fakes.ts";

// Issue 12: tool search through the real @anthropic-ai/sdk against a local Messages API, and
// what makes it cache-friendly: loading a tool never changes a byte before the last breakpoint.

let api: FakeMessagesApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const usage = { input_tokens: 10, output_tokens: 5 };
const reply = (content: FakeMessage["content"]): FakeReply => ({
  kind: "message",
  message: { content, usage },
});

function mcpTool(name: string, description: string, calls: string[]) {
  const info = {
    name,
    description,
    inputSchema: { type: "object", properties: { id: { type: "string" } } },
    annotations: { readOnlyHint: true },
  };
  return new McpTool({
    name: `mcp__tracker__${name}`,
    server: "tracker",
    info,
    caller: { call: async (_s, tool) => (calls.push(tool), textResult(`${tool} ran`)) },
  });
}

/** Each cacheable unit of a request body in the API's prefix order (tools, system, messages' blocks), breakpoints stripped. */
function prefixUnits(body: Record<string, any>): { units: string[]; lastBreakpoint: number } {
  const units: string[] = [];
  let lastBreakpoint = -1;
  const add = (value: Record<string, unknown>, prefix = "") => {
    const { cache_control, ...rest } = value;
    if (cache_control) lastBreakpoint = units.length;
    units.push(prefix + JSON.stringify(rest));
  };
  for (const tool of body.tools ?? []) if (!tool.defer_loading) add(tool);
  for (const block of body.system ?? []) add(block);
  for (const [i, message] of (body.messages ?? []).entries()) {
    const content = typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
    for (const block of content) add(block, `${i}:${message.role}:`);
  }
  // Deferred tools are outside the prompt; they must not change either.
  units.push(`deferred:${JSON.stringify((body.tools ?? []).filter((t: any) => t.defer_loading))}`);
  return { units, lastBreakpoint };
}

describe("tool search with the Anthropic adapter", () => {
  it("sends MCP tools with defer_loading, loads one through a tool_reference result, calls it, and keeps every cached prefix", async () => {
    api = await FakeMessagesApi.start([
      reply([
        { type: "tool_use", id: "toolu_1", name: "ToolSearch", input: { query: "select:mcp__tracker__list_issues" } },
      ]),
      reply([{ type: "tool_use", id: "toolu_2", name: "mcp__tracker__list_issues", input: {} }]),
      reply([{ type: "text", text: "Done." }]),
    ]);
    const calls: string[] = [];
    const tools = [
      { ...fakeTool("Read"), readOnly: true },
      mcpTool("list_issues", "List issues by status.", calls),
      mcpTool("get_issue", "One issue with its comments.", calls),
    ];
    const model = new AnthropicModel({
      apiKey: "sk-ant-test",
      baseURL: api.baseURL,
      model: "claude-test",
      maxTokens: 512,
      maxRetries: 0,
    });
    const clock = new FakeClock(new Date(2026, 9, 22, 9, 30));
    const agent = new Agent({
      model,
      tools: () => tools,
      permissions: new PermissionChain({ mode: "default", allow: [], deny: [], cwd: "/work/project" }),
      ask: async () => ({ behavior: "deny" }),
      system: new SystemContext({
        cwd: "/work/project",
        clock,
        mcpInstructions: () => "",
        readFile: () => ({ kind: "missing" }),
      }),
      cwd: "/work/project",
      clock,
      toolSearch: { kind: "on" },
    });

    const events = await collect(agent.runTurn("List the issues.", new AbortController().signal));
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(calls).toEqual(["list_issues"]);

    const bodies = api.requests.map((request) => request.body as Record<string, any>);
    expect(bodies).toHaveLength(3);
    const first = bodies[0]!;
    expect(first.tools.map((t: any) => [t.name, t.defer_loading === true, t.cache_control !== undefined])).toEqual([
      ["Read", false, false],
      ["ToolSearch", false, true],
      ["mcp__tracker__list_issues", true, false],
      ["mcp__tracker__get_issue", true, false],
    ]);
    expect(first.tools[2]).toEqual({
      name: "mcp__tracker__list_issues",
      description: "List issues by status.",
      input_schema: { type: "object", properties: { id: { type: "string" } } },
      defer_loading: true,
    });
    expect(first.system.at(-1).text).toContain("- mcp__tracker__list_issues: List issues by status.");
    const searchResult = bodies[1]!.messages.at(-1).content[0];
    expect(searchResult).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: [{ type: "tool_reference", tool_name: "mcp__tracker__list_issues" }],
      cache_control: { type: "ephemeral" },
    });

    for (let i = 0; i + 1 < bodies.length; i++) {
      const before = prefixUnits(bodies[i]!);
      const after = prefixUnits(bodies[i + 1]!);
      expect(before.lastBreakpoint).toBeGreaterThan(0);
      expect(after.units.slice(0, before.lastBreakpoint + 1)).toEqual(before.units.slice(0, before.lastBreakpoint + 1));
      expect(after.units.at(-1)).toBe(before.units.at(-1));
    }
  });
});
