import { describe, expect, it } from "vitest";
import { capUtf8, instructionsSection } from "../../../src/mcp/features/instructions.ts";

describe("instructionsSection", () => {
  it("lists each server's instructions under the MCP heading", () => {
    expect(
      instructionsSection([
        { name: "tracker", instructions: "List first, then get." },
        { name: "silent", instructions: "" },
        { name: "docs", instructions: "  Search before reading.\n" },
      ]),
    ).toBe(
      "# MCP Server Instructions\n\n" +
        "The following MCP servers have provided instructions for how to use their tools and resources:\n\n" +
        "## tracker\nList first, then get.\n\n" +
        "## docs\nSearch before reading.",
    );
  });

  it("is empty when no server sent instructions", () => {
    expect(instructionsSection([{ name: "a", instructions: " " }])).toBe("");
  });

  it("caps each server's text at 2 KB", () => {
    const section = instructionsSection([{ name: "big", instructions: "x".repeat(5000) }]);
    expect(section.endsWith(`## big\n${"x".repeat(2048)}`)).toBe(true);
  });
});

describe("capUtf8", () => {
  it("never splits a multi-byte character", () => {
    expect(capUtf8("ab分页", 4)).toBe("ab");
    expect(capUtf8("ab分页", 5)).toBe("ab分");
  });
});
