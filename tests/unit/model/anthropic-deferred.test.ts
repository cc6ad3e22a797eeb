import { describe, expect, it } from "vitest";
import { buildMessagesRequest, type MessagesRequestInput } from "../../../src/model/anthropic-request.ts";
import type { Message, ToolResultBlock } from "../../../src/model/messages.ts";

const schema = { type: "object", properties: {} };
const READ = { name: "Read", description: "r", input_schema: schema };
const TOOL_SEARCH = { name: "ToolSearch", description: "s", input_schema: schema };
const DEFERRED_X = { name: "mcp__a__x", description: "x", input_schema: schema, defer_loading: true };
const DEFERRED_Y = { name: "mcp__b__y", description: "y", input_schema: schema, defer_loading: true };
/** ToolSearch's result: references to the two tools it loaded. */
const REFERENCES: ToolResultBlock = {
  type: "tool_result",
  tool_use_id: "t1",
  content: [
    { type: "tool_reference", tool_name: "mcp__a__x" },
    { type: "tool_reference", tool_name: "mcp__b__y" },
  ],
};
const SEARCHED: Message[] = [
  { role: "user", content: "go" },
  {
    role: "assistant",
    content: [{ type: "tool_use", id: "t1", name: "ToolSearch", input: { query: "select:mcp__a__x,mcp__b__y" } }],
  },
  { role: "user", content: [REFERENCES] },
];

function request(tools: MessagesRequestInput["tools"]): MessagesRequestInput {
  return { model: "m", maxTokens: 100, system: [{ id: "base", text: "s" }], tools, messages: SEARCHED };
}

describe("the request with deferred tools", () => {
  it("marks deferred tools and puts the tools' breakpoint on the last tool loaded up front", () => {
    const body = buildMessagesRequest(request([READ, TOOL_SEARCH, DEFERRED_X, DEFERRED_Y]));
    expect(body.tools).toEqual([
      READ,
      { ...TOOL_SEARCH, cache_control: { type: "ephemeral" } },
      DEFERRED_X,
      DEFERRED_Y,
    ]);
    // The references go as they are, with the conversation's breakpoint.
    expect(body.messages.at(-1)?.content).toEqual([{ ...REFERENCES, cache_control: { type: "ephemeral" } }]);
  });

  it("sends a result as text when a tool it loaded is no longer deferred in this request (its server went away)", () => {
    const body = buildMessagesRequest(request([TOOL_SEARCH, DEFERRED_X]));
    expect(body.messages.at(-1)?.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "t1",
        content: [
          { type: "text", text: "Loaded mcp__a__x." },
          { type: "text", text: "Loaded mcp__b__y (no longer available)." },
        ],
        cache_control: { type: "ephemeral" },
      },
    ]);
  });
});
