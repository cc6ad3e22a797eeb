import { describe, expect, it } from "vitest";
import { buildMessagesRequest, type MessagesRequestInput } from "../../../src/model/anthropic-request.ts";
import type { Message, ToolResultBlock } from "../../../src/model/messages.ts";

const EPHEMERAL = { type: "ephemeral" };

const BASE: MessagesRequestInput = {
  model: "claude-test-model",
  maxTokens: 2048,
  system: [
    { id: "base", text: "You are mini-cc." },
    { id: "date", text: "Today is 2026-05-01." },
    { id: "mcp-instructions", text: "# MCP Server Instructions\n\n## tracker\nUse list_issues first." },
  ],
  tools: [
    { name: "Read", description: "Read a file", input_schema: { type: "object", properties: {} } },
    { name: "mcp__tracker__list_issues", description: "List issues", input_schema: { type: "object", properties: {} } },
  ],
  messages: [{ role: "user", content: "hello" }],
};

const TOOL_ROUND: Message[] = [
  { role: "user", content: "List the Todo issues" },
  {
    role: "assistant",
    content: [
      { type: "text", text: "Looking." },
      { type: "tool_use", id: "toolu_1", name: "mcp__tracker__list_issues", input: { status: "Todo" } },
    ],
  },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "BUG-101\nBUG-102" }] },
];

function countBreakpoints(value: unknown): number {
  return JSON.stringify(value).split('"cache_control"').length - 1;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe("buildMessagesRequest", () => {
  it("sets the model, max_tokens and stream: true", () => {
    const request = buildMessagesRequest(BASE);
    expect([request.model, request.max_tokens, request.stream]).toEqual(["claude-test-model", 2048, true]);
  });

  it("sends each system section as a text block with a breakpoint on the last one only", () => {
    expect(buildMessagesRequest(BASE).system).toEqual([
      { type: "text", text: "You are mini-cc." },
      { type: "text", text: "Today is 2026-05-01." },
      {
        type: "text",
        text: "# MCP Server Instructions\n\n## tracker\nUse list_issues first.",
        cache_control: EPHEMERAL,
      },
    ]);
  });

  it("puts a breakpoint on the last tool only", () => {
    expect(buildMessagesRequest(BASE).tools).toEqual([
      { name: "Read", description: "Read a file", input_schema: { type: "object", properties: {} } },
      {
        name: "mcp__tracker__list_issues",
        description: "List issues",
        input_schema: { type: "object", properties: {} },
        cache_control: EPHEMERAL,
      },
    ]);
  });

  it("turns a string prompt into a text block carrying the conversation breakpoint", () => {
    expect(buildMessagesRequest(BASE).messages).toEqual([
      { role: "user", content: [{ type: "text", text: "hello", cache_control: EPHEMERAL }] },
    ]);
  });

  it("moves the conversation breakpoint to the last block of the last user message, keeping one where the previous request had it", () => {
    expect(buildMessagesRequest({ ...BASE, messages: TOOL_ROUND }).messages).toEqual([
      { role: "user", content: [{ type: "text", text: "List the Todo issues", cache_control: EPHEMERAL }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Looking." },
          { type: "tool_use", id: "toolu_1", name: "mcp__tracker__list_issues", input: { status: "Todo" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "BUG-101\nBUG-102", cache_control: EPHEMERAL },
        ],
      },
    ]);
  });

  it("uses four breakpoints, the API's limit, however long the conversation", () => {
    const long: Message[] = [
      ...TOOL_ROUND,
      { role: "assistant", content: [{ type: "text", text: "More?" }] },
      { role: "user", content: "Yes" },
    ];
    expect([TOOL_ROUND, long].map((messages) => countBreakpoints(buildMessagesRequest({ ...BASE, messages })))).toEqual(
      [4, 4],
    );
  });

  it("keeps is_error and image blocks of tool results", () => {
    const denied: ToolResultBlock = {
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: "denied by user",
      is_error: true,
    };
    const chart: ToolResultBlock = {
      type: "tool_result",
      tool_use_id: "toolu_2",
      content: [
        { type: "text", text: "a chart" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      ],
    };
    const messages: Message[] = [{ role: "user", content: [denied, chart] }];
    // Both as given; the last block carries the conversation's breakpoint.
    expect(buildMessagesRequest({ ...BASE, messages }).messages).toEqual([
      { role: "user", content: [denied, { ...chart, cache_control: EPHEMERAL }] },
    ]);
  });

  it("leaves out empty system sections, an empty tool list and empty descriptions", () => {
    const request = buildMessagesRequest({
      ...BASE,
      system: [
        { id: "base", text: "Be brief." },
        { id: "mcp-instructions", text: "  " },
      ],
      tools: [],
    });
    expect(request.system).toEqual([{ type: "text", text: "Be brief.", cache_control: EPHEMERAL }]);
    expect("tools" in request).toBe(false);
    const noDescription = buildMessagesRequest({
      ...BASE,
      tools: [{ name: "X", description: "", input_schema: { type: "object" } }],
    });
    expect(noDescription.tools).toEqual([{ name: "X", input_schema: { type: "object" }, cache_control: EPHEMERAL }]);
  });

  it("sends no system field when there are no sections", () => {
    expect("system" in buildMessagesRequest({ ...BASE, system: [] })).toBe(false);
  });

  it("puts no breakpoint on an empty prompt", () => {
    expect(buildMessagesRequest({ ...BASE, messages: [{ role: "user", content: "" }] }).messages).toEqual([
      { role: "user", content: "" },
    ]);
  });

  it("does not change its input", () => {
    const input = deepFreeze(structuredClone({ ...BASE, messages: TOOL_ROUND }));
    const before = JSON.stringify(input);
    buildMessagesRequest(input);
    expect(JSON.stringify(input)).toBe(before);
  });
});
