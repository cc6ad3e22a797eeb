import { describe, expect, it } from "vitest";
import { tildePath } from "../../../../src/mcp/logs/log-hint.ts";

describe("tildePath", () => {
  it("writes a path under the user's home from ~", () => {
    expect(tildePath("/home/ann/.mini-cc/logs/mcp-b.log", "/home/ann")).toBe("~/.mini-cc/logs/mcp-b.log");
    expect(tildePath("/home/ann/", "/home/ann")).toBe("~");
  });

  it("leaves a path outside the home as it is, a sibling with the same prefix included", () => {
    expect(tildePath("/srv/mini-cc/logs/mcp-b.log", "/home/ann")).toBe("/srv/mini-cc/logs/mcp-b.log");
    expect(tildePath("/home/anna/logs/mcp-b.log", "/home/ann")).toBe("/home/anna/logs/mcp-b.log");
    expect(tildePath("/home/ann/..logs/mcp-b.log", "/home/ann")).toBe("~/..logs/mcp-b.log");
  });

  it("never writes ~ for a home of / or none", () => {
    expect(tildePath("/var/log/mcp-b.log", "/")).toBe("/var/log/mcp-b.log");
    expect(tildePath("/var/log/mcp-b.log", "")).toBe("/var/log/mcp-b.log");
  });
});
