import { describe, expect, it } from "vitest";
import { argumentLines } from "../../../../components/rows/argument-lines.ts";
import { displayFile, displayPath } from "../../../../components/rows/display-path.ts";
import { countMcp, mcpCountsText, mcpSummaryText } from "../../../../components/mcp-panel/mcp-summary.ts";
import { launchLines, shellQuote } from "../../../../src/config/describe.ts";
import { connected, server, toolInfo, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";

describe("launchLines", () => {
  it("shows a stdio command with its args quoted only where needed, and env as written", () => {
    expect(
      launchLines({ command: "npx", args: ["-y", "@scope/server", "--root", "My Docs"], env: { TOKEN: "${TOKEN}" } }),
    ).toEqual(["npx -y @scope/server --root 'My Docs'", "env: TOKEN=${TOKEN}"]);
  });

  it("shows a remote server's type, URL and header names only", () => {
    expect(launchLines({ type: "sse", url: "https://x.dev/sse", headers: { Authorization: "Bearer secret" } })).toEqual(
      ["sse https://x.dev/sse", "headers: Authorization"],
    );
  });

  it("shows control characters in a command escaped", () => {
    expect(launchLines({ command: "node", args: ["x.js\u001b]0;pwned\u0007"] })).toEqual([
      "node 'x.js\\x1b]0;pwned\\x07'",
    ]);
  });

  it("quotes single quotes the shell way", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});

describe("argumentLines", () => {
  it("lists every argument in full, a multi-line value under its key with its lines kept", () => {
    const lines = argumentLines({ a: "x\ny", b: 2, c: { d: true }, e: "z".repeat(300), f: 1, g: 2 });
    expect(lines.map((l) => `${" ".repeat(l.indent ?? 0)}${l.text}`)).toEqual([
      "a:",
      "  x",
      "  y",
      "b: 2",
      'c: {"d":true}',
      `e: ${"z".repeat(300)}`,
      "f: 1",
      "g: 2",
    ]);
  });

  it("shows control characters and escape sequences escaped, in keys and values", () => {
    const lines = argumentLines({ "k\u001b[31m": "clear\u001b[2J\u001b[Hdone\u0007" });
    expect(lines.map((l) => l.text)).toEqual(["k\\x1b[31m: clear\\x1b[2J\\x1b[Hdone\\x07"]);
  });
});

describe("display paths", () => {
  it("shows the home directory as ~", () => {
    expect(displayPath("/home/ann/proj", "/home/ann")).toBe("~/proj");
    expect(displayPath("/home/ann", "/home/ann")).toBe("~");
    expect(displayPath("/home/anna/proj", "/home/ann")).toBe("/home/anna/proj");
  });

  it("shows a file inside the project relative to it", () => {
    expect(displayFile("/p/.mcp.json", "/p")).toBe(".mcp.json");
    expect(displayFile("/home/ann/.mini-cc/mcp.json", "/p")).toBe("/home/ann/.mini-cc/mcp.json");
  });
});

describe("mcpSummaryText", () => {
  it("counts connected servers and their tools", () => {
    const snapshot = { servers: [server("a", connected(TRACKER_TOOLS)), server("b", { status: "pending" })] };
    expect(countMcp(snapshot)).toEqual({ connected: 1, cached: 0, total: 2, tools: 3, forAgents: 0 });
    expect(mcpSummaryText(snapshot)).toBe("MCP 1/2 connected · 3 tools");
    expect(mcpSummaryText({ servers: [] })).toBe("MCP no servers");
  });

  it("counts the main conversation's servers and tools only: an agent's servers are listed under it", () => {
    const agents = { agents: ["qa"] };
    const helper = { ...server("helper", connected([toolInfo("open")])), forAgents: agents };
    const db = { ...server("db", { status: "failed", error: "boom", code: "connect-failed" }), forAgents: agents };
    const snapshot = { servers: [server("a", connected(TRACKER_TOOLS)), helper, db] };
    expect(mcpSummaryText(snapshot)).toBe("MCP 1/1 connected · 3 tools");
    expect(mcpSummaryText({ servers: [helper] })).toBe("MCP 1 for agents");
    // A failed agent server still calls for the user's attention.
    expect(mcpCountsText(snapshot)).toBe("MCP ✘1 · 1/1");
  });
});
