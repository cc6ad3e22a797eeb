import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cliForTestFile,
  initOf,
  modelScript,
  textResult,
  toolResultsById,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";
import { startWsMcpServer, type WsMcpServer } from "../helpers/ws-loopback-server.ts";

// A `ws` server, as Claude Code's config allows: the SDK's WebSocket client
// transport (Node's own WebSocket) against a small RFC 6455 server on a
// loopback port serving an SDK McpServer (tests/helpers/ws-loopback-server.ts).

const cli = cliForTestFile();
let box: CliSandbox;
let server: WsMcpServer;

beforeAll(async () => {
  server = await startWsMcpServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  box = await cli.sandbox();
});

describe("the ws transport", () => {
  it("is added with mcp add --transport ws, and mcp get connects it with the mcp subprotocol", async () => {
    expect((await box.run(["mcp", "add", "--transport", "ws", "shout", server.url])).code).toBe(0);
    const get = await box.run(["mcp", "get", "shout"]);
    expect(get).toMatchObject({
      code: 0,
      stderr: "",
      stdout: [
        "shout:",
        `  Scope: local (${box.home}/local-mcp.json)`,
        "  Type: ws",
        `  URL: ${server.url}`,
        "  Status: ✔ connected · 1 tool",
        "  Protocol: 2025-11-25",
        "  Capabilities: tools (listChanged)",
        "  Read-only hints: its read-only tools run without asking: 1 of 1",
        "    shout  (read-only)",
        "",
        "To remove it: mini-cc mcp remove shout -s local",
        "",
      ].join("\n"),
    });
    expect(server.protocols.at(-1)).toBe("mcp");
  });

  it("calls a tool end to end from print mode, declared in a --mcp-config file", async () => {
    const config = await box.write("ws.json", { mcpServers: { shout: { type: "ws", url: server.url } } });
    const script = await box.write(
      "script.json",
      modelScript([toolUse("s1", "mcp__shout__shout", { text: "over websocket" })], [{ type: "text", text: "Done." }]),
    );
    const run = await box.run([
      "-p",
      "go",
      "--output-format",
      "stream-json",
      "--model-script",
      script,
      "--mcp-config",
      config,
      "--allowedTools",
      "mcp__shout__shout",
    ]);
    expect(run.code).toBe(0);
    expect(initOf(run.lines)?.mcp_servers).toEqual([{ name: "shout", status: "connected" }]);
    expect(toolResultsById(run.lines)["s1"]).toEqual(textResult("OVER WEBSOCKET"));
  });

  it("fails a ws entry with headers, saying why, instead of connecting without them", async () => {
    await box.run([
      "mcp",
      "add-json",
      "auth",
      JSON.stringify({ type: "ws", url: server.url, headers: { Authorization: "Bearer x" } }),
    ]);
    const get = await box.run(["mcp", "get", "--strict", "auth"]);
    expect(get.code).toBe(1);
    expect(get.stdout).toContain(
      "  Status: ✘ failed: headers are not supported for ws servers (the WebSocket client cannot send them)\n",
    );
  });

  it("fails clearly when nothing listens at the URL", async () => {
    await box.run(["mcp", "add", "-t", "ws", "gone", "ws://127.0.0.1:1/mcp"]);
    const get = await box.run(["mcp", "get", "--strict", "gone"]);
    expect(get.code).toBe(1);
    expect(get.stdout).toMatch(/ {2}Status: ✘ failed: .+\n/);
  });
});
