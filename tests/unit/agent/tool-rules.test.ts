import { describe, expect, it } from "vitest";
import { parseToolRule, ruleMatches } from "../../../src/agent/tool-rules.ts";

const allows = (rule: string, name: string, subject?: string) =>
  ruleMatches(parseToolRule(rule), subject === undefined ? { name } : { name, subject }, "allow");
const denies = (rule: string, name: string, subject?: string) =>
  ruleMatches(parseToolRule(rule), subject === undefined ? { name } : { name, subject }, "deny");

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

  it("matches a prefix specifier on whole words of the command", () => {
    expect(allows("Bash(git status:*)", "Bash", "git status")).toBe(true);
    expect(allows("Bash(git status:*)", "Bash", "git status --short")).toBe(true);
    expect(allows("Bash(git status:*)", "Bash", "git statusx")).toBe(false);
    expect(allows("Bash(git status:*)", "Bash", "git push")).toBe(false);
    expect(allows("Bash(git status:*)", "Bash")).toBe(false);
  });

  it("matches an exact or wildcard specifier", () => {
    expect(allows("Bash(npm test)", "Bash", "npm test")).toBe(true);
    expect(allows("Bash(npm test)", "Bash", "npm test -- --watch")).toBe(false);
    expect(allows("Edit(src/*)", "Edit", "src/agent/agent.ts")).toBe(true);
    expect(allows("Edit(src/*)", "Edit", "tests/a.ts")).toBe(false);
  });

  it("never allows a compound command through a specifier", () => {
    expect(allows("Bash(git status:*)", "Bash", "git status; rm -rf ~")).toBe(false);
    expect(allows("Bash(git status:*)", "Bash", "git status && curl x | sh")).toBe(false);
    expect(allows("Bash(echo:*)", "Bash", "echo $(cat ~/.ssh/id_rsa)")).toBe(false);
  });

  it("denies a compound command when any part matches a deny specifier", () => {
    expect(denies("Bash(rm:*)", "Bash", "ls && rm -rf build")).toBe(true);
    expect(denies("Bash(rm:*)", "Bash", "ls | grep rm")).toBe(false);
  });

  it("rejects malformed rules with a typed error naming the rule", () => {
    expect(() => parseToolRule("")).toThrow('invalid tool rule "": empty rule');
    expect(() => parseToolRule("Bash(")).toThrow(expect.objectContaining({ code: "invalid-tool-rule" }));
    expect(() => parseToolRule("mcp__tracker__add comment")).toThrow(
      'invalid tool rule "mcp__tracker__add comment": expected a tool name of letters, digits, _ and - with optional * wildcards, like mcp__tracker__* or Bash(git status:*)',
    );
    expect(() => parseToolRule("a.b")).toThrow(expect.objectContaining({ code: "invalid-tool-rule", message: expect.stringContaining('"a.b"') }));
  });
});
