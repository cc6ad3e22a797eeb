import { describe, expect, it } from "vitest";
import { allowedBy, denyMatch, parseToolRule, type McpIdentity } from "../../../src/agent/tool-rules.ts";

const allows = (rule: string, name: string, subject?: string) =>
  allowedBy([parseToolRule(rule)], subject === undefined ? { name } : { name, subject });
const denies = (rule: string, name: string, mcp?: McpIdentity) =>
  denyMatch(parseToolRule(rule), mcp === undefined ? { name } : { name, mcp }) === "match";
const allowsMcp = (rule: string, name: string, mcp: McpIdentity) => allowedBy([parseToolRule(rule)], { name, mcp });

describe("tool rules", () => {
  it("matches an exact tool name and nothing longer", () => {
    expect(allows("Bash", "Bash")).toBe(true);
    expect(allows("Bash", "BashOutput")).toBe(false);
    expect(allows("mcp__tracker__add_comment", "mcp__tracker__add_comment")).toBe(true);
    expect(allows("mcp__tracker__add_comment", "mcp__tracker__get_issue")).toBe(false);
  });

  it("matches * wildcards", () => {
    expect(allows("mcp__tracker__*", "mcp__tracker__get_issue")).toBe(true);
    expect(allows("mcp__tracker__*", "mcp__tracker2__get_issue")).toBe(false);
    expect(allows("mcp__*__get_issue", "mcp__jira__get_issue")).toBe(true);
    expect(allows("*", "Edit")).toBe(true);
  });

  it("treats mcp__server alone as every tool of that server", () => {
    expect(allows("mcp__tracker", "mcp__tracker__list_issues")).toBe(true);
    expect(allows("mcp__tracker", "mcp__tracker_two__list_issues")).toBe(false);
  });

  it("matches a path specifier", () => {
    expect(allows("Edit(src/*)", "Edit", "src/agent/agent.ts")).toBe(true);
    expect(allows("Edit(src/*)", "Edit", "tests/a.ts")).toBe(false);
    expect(allows("Edit(src/*)", "Edit")).toBe(false);
  });

  it("matches MCP tools by server and tool, whatever their sanitised names became", () => {
    const long = "x".repeat(80);
    const cut = `mcp__srv__${long}`.slice(0, 64);
    // A server whose name holds `__`, a tool name cut at 64 characters, an empty one, one spelt with a dot.
    expect(denies("mcp__my__srv", "mcp__my__srv__run", { server: "my__srv", tool: "run" })).toBe(true);
    expect(denies("mcp__my__srv__*", "mcp__my__srv__run", { server: "my__srv", tool: "run" })).toBe(true);
    expect(denies("mcp__srv", cut, { server: "srv", tool: long })).toBe(true);
    expect(denies(`mcp__srv__${long}`, cut, { server: "srv", tool: long })).toBe(true);
    expect(denies("mcp__srv__*", "mcp__srv__", { server: "srv", tool: "" })).toBe(true);
    expect(denies("mcp__srv", "mcp__srv___3fa2b1", { server: "srv", tool: "" })).toBe(true);
    expect(denies("mcp__a_b", "mcp__a_b__run_1a2b3c", { server: "a.b", tool: "run" })).toBe(true);
    expect(denies("mcp__srv__do_it", "mcp__srv__do_it_99aa00", { server: "srv", tool: "do.it" })).toBe(true);
    // Other servers stay out.
    expect(denies("mcp__srv", "mcp__srv2__run", { server: "srv2", tool: "run" })).toBe(false);
    expect(allowsMcp("mcp__my", "mcp__my__srv__run", { server: "my__srv", tool: "run" })).toBe(false);
    expect(allowsMcp("mcp__srv__*", "mcp__srv__x__run", { server: "srv__x", tool: "run" })).toBe(false);
    expect(allowsMcp("mcp__srv__x__*", "mcp__srv__x__run", { server: "srv__x", tool: "run" })).toBe(true);
    expect(allowsMcp("mcp__srv__x__run", "mcp__srv__x__run", { server: "srv__x", tool: "run" })).toBe(true);
  });

  it("rejects malformed rules with a typed error naming the rule", () => {
    expect(() => parseToolRule("")).toThrow('invalid tool rule "": empty rule');
    expect(() => parseToolRule("Bash(")).toThrow(expect.objectContaining({ code: "invalid-tool-rule" }));
    expect(() => parseToolRule("mcp__tracker__add comment")).toThrow(
      'invalid tool rule "mcp__tracker__add comment": expected a tool name of letters, digits, _ and - with optional * wildcards, like mcp__tracker__* or Bash(git status:*)',
    );
    expect(() => parseToolRule("a.b")).toThrow(
      expect.objectContaining({ code: "invalid-tool-rule", message: expect.stringContaining('"a.b"') }),
    );
  });
});
