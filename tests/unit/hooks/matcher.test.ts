import { describe, expect, it } from "vitest";
import { matcherCovers } from "../../../src/hooks/matcher.ts";
import { combineResults, hookResult } from "../../../src/hooks/hook-outcome.ts";
import type { HookCommand } from "../../../src/hooks/hook-config.ts";

describe("hook matchers, as Claude Code reads them", () => {
  it("empty and * match everything; names and | alternatives match exactly; the rest is a regular expression", () => {
    expect(matcherCovers("", "Bash")).toBe(true);
    expect(matcherCovers("*", "mcp__x__y")).toBe(true);
    expect(matcherCovers("Write", "Write")).toBe(true);
    expect(matcherCovers("Write", "WriteFile")).toBe(false);
    expect(matcherCovers("Edit|Write", "Write")).toBe(true);
    expect(matcherCovers("Edit|Write", "Read")).toBe(false);
    expect(matcherCovers("mcp__github__.*", "mcp__github__create_issue")).toBe(true);
    expect(matcherCovers("mcp__github__.*", "mcp__gitlab__x")).toBe(false);
  });
});

const hook: HookCommand = {
  event: "PreToolUse",
  matcher: "",
  command: "guard",
  timeoutS: 5,
  source: "/p/.claude/settings.json",
};

describe("hook results", () => {
  it("exit 2 blocks with stderr; another exit code is a note; deny wins over allow when hooks disagree", () => {
    expect(hookResult(hook, { kind: "exited", code: 2, stdout: "", stderr: "no\n" })).toEqual({
      block: "no",
      notes: [],
    });
    expect(hookResult(hook, { kind: "exited", code: 1, stdout: "", stderr: "oops\nmore" }).notes).toEqual([
      "PreToolUse hook guard (/p/.claude/settings.json) failed with exit code 1: oops",
    ]);
    const allow = hookResult(hook, {
      kind: "exited",
      code: 0,
      stdout: '{"hookSpecificOutput":{"permissionDecision":"allow"}}',
      stderr: "",
    });
    const deny = hookResult(hook, {
      kind: "exited",
      code: 0,
      stdout: '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"r"}}',
      stderr: "",
    });
    expect(combineResults([allow, deny])).toMatchObject({ permission: "deny", permissionReason: "r" });
  });
});
