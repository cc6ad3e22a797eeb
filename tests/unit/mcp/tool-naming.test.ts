import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { assignToolNames, mcpToolName } from "../../../src/mcp/tools/naming.ts";

const hash6 = (server: string, tool: string) =>
  createHash("sha256").update(`${server}\u0000${tool}`).digest("hex").slice(0, 6);

describe("mcpToolName", () => {
  it("joins server and tool as mcp__server__tool", () => {
    expect(mcpToolName("tracker", "list_issues")).toBe("mcp__tracker__list_issues");
  });

  it("replaces characters outside [A-Za-z0-9_-] with underscores", () => {
    expect(mcpToolName("my server.v2", "get/issue:å")).toBe("mcp__my_server_v2__get_issue__");
  });

  it("cuts names to 64 characters", () => {
    const name = mcpToolName("s", "x".repeat(100));
    expect(name).toBe(`mcp__s__${"x".repeat(56)}`);
    expect(name).toHaveLength(64);
  });
});

describe("assignToolNames", () => {
  it("keeps plain names when nothing collides", () => {
    expect(
      assignToolNames([
        { server: "a", tool: "search" },
        { server: "b", tool: "search" },
      ]),
    ).toEqual(["mcp__a__search", "mcp__b__search"]);
  });

  it("gives each colliding tool a stable hash suffix from its original names", () => {
    const names = assignToolNames([
      { server: "a.b", tool: "x" },
      { server: "a_b", tool: "x" },
      { server: "c", tool: "y" },
    ]);
    expect(names).toEqual([`mcp__a_b__x_${hash6("a.b", "x")}`, `mcp__a_b__x_${hash6("a_b", "x")}`, "mcp__c__y"]);
    expect(
      assignToolNames([
        { server: "a_b", tool: "x" },
        { server: "a.b", tool: "x" },
      ]),
    ).toEqual([names[1], names[0]]);
  });

  it("keeps suffixed names within 64 characters", () => {
    const long = "t".repeat(80);
    const names = assignToolNames([
      { server: "s", tool: `${long}1` },
      { server: "s", tool: `${long}2` },
    ]);
    expect(names).toEqual([
      `mcp__s__${"t".repeat(49)}_${hash6("s", `${long}1`)}`,
      `mcp__s__${"t".repeat(49)}_${hash6("s", `${long}2`)}`,
    ]);
    expect(names.every((n) => n.length === 64)).toBe(true);
  });

  it("never gives two tools the same name, even a tool listed twice", () => {
    const names = assignToolNames([
      { server: "s", tool: "dup" },
      { server: "s", tool: "dup" },
    ]);
    expect(new Set(names).size).toBe(2);
    expect(names.every((n) => /^[A-Za-z0-9_-]{1,64}$/.test(n))).toBe(true);
  });
});
