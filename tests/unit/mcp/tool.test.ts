import { describe, expect, it } from "vitest";
import { McpTool, summarizeArgs, type McpCaller } from "../../../src/mcp/tools/mcp-tool.ts";
import { textResult } from "../../../src/tools/tool.ts";

const info = {
  name: "add_comment",
  description: "Add a comment.",
  inputSchema: { type: "object", properties: { id: { type: "string" } } },
  annotations: { title: "Add a comment", destructiveHint: false },
};

describe("McpTool", () => {
  it("takes name, description, schema, read-only flag and annotations from the server's tool", () => {
    const tool = new McpTool({
      name: "mcp__tracker__add_comment",
      server: "tracker",
      info,
      caller: { call: async () => textResult("") },
    });
    expect({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      readOnly: tool.readOnly,
      annotations: tool.annotations,
      server: tool.server,
      toolName: tool.toolName,
    }).toEqual({
      name: "mcp__tracker__add_comment",
      description: "Add a comment.",
      inputSchema: info.inputSchema,
      readOnly: false,
      annotations: { title: "Add a comment", destructiveHint: false },
      server: "tracker",
      toolName: "add_comment",
    });
  });

  it("is read-only only when the server says readOnlyHint: true", () => {
    const caller = { call: async () => textResult("") };
    const readOnly = new McpTool({
      name: "n",
      server: "s",
      info: { ...info, annotations: { readOnlyHint: true } },
      caller,
    });
    expect(readOnly.readOnly).toBe(true);
  });

  it("runs by calling its server's tool with the context's signal", async () => {
    const calls: unknown[] = [];
    const caller: McpCaller = {
      call: async (server, tool, args, options) => {
        calls.push([server, tool, args, options.signal]);
        return textResult("ok");
      },
    };
    const tool = new McpTool({ name: "mcp__tracker__add_comment", server: "tracker", info, caller });
    const signal = new AbortController().signal;
    expect(await tool.run({ id: "BUG-101", body: "hi" }, { cwd: "/", signal })).toEqual({
      content: "ok",
      isError: false,
    });
    expect(calls).toEqual([["tracker", "add_comment", { id: "BUG-101", body: "hi" }, signal]]);
  });
});

describe("summarizeArgs", () => {
  it("prefers the id, else the first string argument", () => {
    expect(summarizeArgs({ body: "Fixed it", id: "BUG-101" })).toBe("BUG-101");
    expect(summarizeArgs({ status: "Todo" })).toBe("Todo");
    expect(summarizeArgs({ limit: 3 })).toBe("");
  });

  it("keeps it to one short line", () => {
    expect(summarizeArgs({ body: `first line\nsecond ${"x".repeat(50)}` })).toBe(
      `first line second ${"x".repeat(21)}…`,
    );
  });
});
