import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/agent/events.ts";
import type { Runtime } from "../../src/session/runtime.ts";
import { FakeMessagesApi } from "../helpers/fake-messages-api.ts";
import { cliRunOptions, runtimesForTestFile } from "../helpers/runtime-session.ts";

// The whole session as the CLI wires it: config → McpManager → tools → Agent →
// the real Anthropic SDK, pointed at a local server that speaks the Messages API.
const TRACKER = resolve(import.meta.dirname, "../../examples/mcp_tracker_server.ts");

const runtimes = runtimesForTestFile();
const tracker = { command: process.execPath, args: [TRACKER] };
const startRuntime = (api: FakeMessagesApi) =>
  runtimes.start(api, { options: cliRunOptions({ mcpConfig: [JSON.stringify({ mcpServers: { tracker } })] }) });

async function turn(runtime: Runtime, prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of runtime.agent.runTurn(prompt, new AbortController().signal)) events.push(event);
  return events;
}

const text = (value: string) => ({
  kind: "message" as const,
  message: { content: [{ type: "text" as const, text: value }] },
});
const systemText = (body: Record<string, unknown>) =>
  (body["system"] as Array<{ text: string }>).map((b) => b.text).join("\n");
const toolNames = (body: Record<string, unknown>) => (body["tools"] as Array<{ name: string }>).map((t) => t.name);

describe("a session wired like the CLI's", () => {
  it("sends MCP tools and instructions once the servers connect, rebuilding the system prompt", async () => {
    const api = await FakeMessagesApi.start([text("no servers yet"), text("now with the tracker")]);
    runtimes.afterTest(() => api.close());
    const runtime = await startRuntime(api);

    await turn(runtime, "before");
    await runtime.startServers();
    await turn(runtime, "after");

    const [before, after] = api.requests.map((r) => r.body);
    expect(toolNames(before!)).toEqual([
      "Read",
      "Write",
      "Edit",
      "Bash",
      "Glob",
      "Grep",
      "AskUserQuestion",
      "TaskOutput",
      "TaskList",
      "TaskStop",
      "Agent",
    ]);
    expect(systemText(before!)).not.toContain("# MCP Server Instructions");
    expect(toolNames(after!)).toEqual([
      "Read",
      "Write",
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
      "mcp__tracker__add_comment",
    ]);
    expect(systemText(after!)).toContain(
      "# MCP Server Instructions\n\nThe following MCP servers have provided instructions for how to use their tools and resources:\n\n## tracker\n",
    );
  });

  it("runs an MCP tool the real model asked for and sends its result back", async () => {
    const api = await FakeMessagesApi.start([
      {
        kind: "message",
        message: {
          content: [{ type: "tool_use", id: "toolu_1", name: "mcp__tracker__list_issues", input: { status: "Todo" } }],
        },
      },
      text("BUG-101 is the one."),
    ]);
    runtimes.afterTest(() => api.close());
    const runtime = await startRuntime(api);
    await runtime.startServers();

    const events = await turn(runtime, "what is todo?");

    expect(events.at(-1)).toMatchObject({ type: "turn_end", reason: "end_turn", resultText: "BUG-101 is the one." });
    const second = api.requests[1]!.body["messages"] as Array<{ role: string; content: unknown }>;
    expect(second.at(-1)).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_1",
          content: [
            { type: "text", text: "BUG-101 [Todo] list_posts has no pagination; the home page returns 5000 posts" },
          ],
          // The conversation's cache breakpoint sits on the last block of the last user message.
          cache_control: { type: "ephemeral" },
        },
      ],
    });
  });
});
