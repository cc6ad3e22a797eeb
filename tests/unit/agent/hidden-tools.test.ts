import { describe, expect, it } from "vitest";
import { PermissionChain } from "../../../src/agent/permissions.ts";
import { fakeTool } from "../../helpers/agent-fakes.ts";

const chain = (deny: string[]) => new PermissionChain({ mode: "default", allow: [], deny, cwd: "/project" });
const mcp = (server: string, tool: string, name = `mcp__${server}__${tool}`) => ({
  ...fakeTool(name),
  server,
  toolName: tool,
});

describe("tools a deny rule refuses outright", () => {
  it("are the ones a rule without a specifier names, by name, glob, server shorthand or alias", () => {
    const rules = chain(["Write", "mcp__tracker__add_*", "mcp__memory", "mcp__x__plain"]);
    expect(rules.deniesEveryCall(fakeTool("Write"))).toBe(true);
    expect(rules.deniesEveryCall(fakeTool("Read"))).toBe(false);
    expect(rules.deniesEveryCall(mcp("tracker", "add_comment"))).toBe(true);
    expect(rules.deniesEveryCall(mcp("tracker", "get_issue"))).toBe(false);
    expect(rules.deniesEveryCall(mcp("memory", "read_graph"))).toBe(true);
    expect(rules.deniesEveryCall({ ...mcp("x", "plain", "mcp__x__plain_1a2b3c"), aliases: ["mcp__x__plain"] })).toBe(
      true,
    );
  });

  it("never include a tool a specifier rule only narrows: Bash(rm:*) leaves Bash offered", () => {
    expect(chain(["Bash(rm:*)", "Edit(src/*)"]).deniesEveryCall(fakeTool("Bash"))).toBe(false);
    expect(chain(["Bash(rm:*)", "Edit(src/*)"]).deniesEveryCall(fakeTool("Edit"))).toBe(false);
  });
});
