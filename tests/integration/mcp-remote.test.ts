import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import type { RemoteEntry, ServerConfig } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { MemoryApprovals, stateOf } from "../helpers/mcp-fixtures.ts";

// Remote servers on a loopback port, reached through the real SDK client transports.
function mcpServer(): McpServer {
  const server = new McpServer({ name: "remote", version: "1.0.0" }, { instructions: "Remote." });
  server.registerTool("ping", { annotations: { readOnlyHint: true } }, () => ({
    content: [{ type: "text", text: "pong" }],
  }));
  return server;
}

let http: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve())));

/** Serves streamable HTTP at /mcp and SSE at /sse + /messages; records every request's headers. */
async function listen(): Promise<{ url: string; headers: IncomingHttpHeaders[] }> {
  const headers: IncomingHttpHeaders[] = [];
  const streamable = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcpServer().connect(streamable);
  let sse: SSEServerTransport | undefined;
  http = createServer((req, res) => {
    headers.push(req.headers);
    if (req.url?.startsWith("/mcp")) return void streamable.handleRequest(req, res);
    if (req.url === "/sse" && req.method === "GET") {
      sse = new SSEServerTransport("/messages", res);
      return void mcpServer().connect(sse);
    }
    if (req.url?.startsWith("/messages") && sse) return void sse.handlePostMessage(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http?.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, headers };
}

function remote(name: string, entry: RemoteEntry): ServerConfig {
  return { name, source: "user", file: "test", entry, resolved: entry };
}

function newManager(): McpManager {
  return new McpManager({
    projectDir: process.cwd(),
    approvals: new MemoryApprovals(),
    logDir: join(mkdtempSync(join(tmpdir(), "mcp-remote-")), "logs"),
    env: {},
    interactive: false,
  });
}

describe("remote servers", () => {
  it("connects over streamable HTTP with the entry's headers", async () => {
    const { url, headers } = await listen();
    const manager = newManager();
    await manager.start([remote("web", { type: "http", url: `${url}/mcp`, headers: { "X-Api-Key": "secret-1" } })]);
    expect(stateOf(manager, "web").status).toBe("connected");
    expect(await manager.call("web", "ping", {})).toEqual({
      content: [{ type: "text", text: "pong" }],
      isError: false,
    });
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.every((h) => h["x-api-key"] === "secret-1")).toBe(true);
    await manager.close();
    http?.closeAllConnections();
  });

  it("connects over SSE with the entry's headers", async () => {
    const { url, headers } = await listen();
    const manager = newManager();
    await manager.start([
      remote("events", { type: "sse", url: `${url}/sse`, headers: { Authorization: "Bearer t0k" } }),
    ]);
    expect(stateOf(manager, "events").status).toBe("connected");
    expect(manager.tools().map((t) => [t.name, t.readOnly])).toEqual([["mcp__events__ping", true]]);
    expect(headers.map((h) => h.authorization)).toEqual(headers.map(() => "Bearer t0k"));
    await manager.close();
    http?.closeAllConnections();
  });

  it("fails an unreachable server with the network error", async () => {
    const { url } = await listen();
    await new Promise<void>((resolve) => http?.close(() => resolve()));
    http = undefined;
    const manager = newManager();
    await manager.start([remote("down", { type: "http", url: `${url}/mcp` })]);
    const address = url.replace("http://", "");
    expect(stateOf(manager, "down")).toEqual({
      status: "failed",
      error: `fetch failed: connect ECONNREFUSED ${address}`,
      code: "handshake-failed",
    });
  });
});
