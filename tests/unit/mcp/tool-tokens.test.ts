import { describe, expect, it } from "vitest";
import { buildMessagesRequest } from "../../../src/model/anthropic-request.ts";
import { toolTokens } from "../../../src/mcp/tools/tokens.ts";
import type { McpToolInfo } from "../../../src/mcp/state/server-state.ts";

describe("toolTokens", () => {
  it("counts the tool exactly as the request carries it, at 4 characters a token", () => {
    const info: McpToolInfo = {
      name: "get_issue",
      description: "Get an issue.",
      inputSchema: { type: "object", properties: { id: { type: "string" } } },
      annotations: {},
    };
    const request = buildMessagesRequest({
      model: "m",
      maxTokens: 1,
      system: [],
      messages: [],
      tools: [
        { name: "mcp__tracker__get_issue", description: "Get an issue.", input_schema: info.inputSchema },
        { name: "last", description: "", input_schema: {} },
      ],
    });
    const sent = JSON.stringify(request.tools?.[0]);
    expect(toolTokens("mcp__tracker__get_issue", "tracker", info)).toBe(Math.ceil(sent.length / 4));
  });
});
