/**
 * A remote MCP server on a loopback port, as a hosted server would be: the
 * SDK's McpServer behind streamable HTTP (`/mcp`) and the deprecated SSE
 * transport (`/sse` + `/messages`), one session per client. It records every
 * request's headers so a test can check what the client sent.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

/** One HTTP request as the server received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** A running server: `url` has no trailing slash (`http://127.0.0.1:PORT`). */
export interface RemoteMcpServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Notes added through add_note, in order, across every session. */
  readonly notes: string[];
  close(): Promise<void>;
}

/** The tools: `whoami` (read-only) echoes the Authorization header; `add_note` changes state. */
function notesServer(notes: string[]): McpServer {
  const server = new McpServer({ name: "notes", version: "1.0.0" });
  server.registerTool(
    "whoami",
    { description: "Who the server thinks you are", annotations: { readOnlyHint: true } },
    (extra) => ({
      content: [{ type: "text", text: `authorization: ${String(extra.requestInfo?.headers.authorization)}` }],
    }),
  );
  server.registerTool(
    "add_note",
    { description: "Adds a note", inputSchema: { text: z.string() }, annotations: { readOnlyHint: false } },
    ({ text }) => {
      notes.push(text);
      return { content: [{ type: "text", text: `note ${notes.length}: ${text}` }] };
    },
  );
  return server;
}

/** Starts the server on 127.0.0.1, on `port` (0: any free port; a stopped server's port brings it back "restarted"). */
export async function startRemoteServer(port = 0): Promise<RemoteMcpServer> {
  const requests: RecordedRequest[] = [];
  const notes: string[] = [];
  const streams = new Map<string, StreamableHTTPServerTransport>();
  const sse = new Map<string, SSEServerTransport>();

  const http: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    requests.push({ method: req.method ?? "", path, headers: req.headers });
    if (path === "/mcp") {
      const id = req.headers["mcp-session-id"];
      const known = typeof id === "string" ? streams.get(id) : undefined;
      if (known) return void known.handleRequest(req, res);
      if (id !== undefined || req.method !== "POST") return void res.writeHead(404).end();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void streams.set(sessionId, transport),
      });
      return void notesServer(notes)
        .connect(transport)
        .then(() => transport.handleRequest(req, res));
    }
    if (path === "/sse" && req.method === "GET") {
      const transport = new SSEServerTransport("/messages", res);
      sse.set(transport.sessionId, transport);
      return void notesServer(notes).connect(transport);
    }
    const session = new URL(req.url ?? "/", "http://localhost").searchParams.get("sessionId");
    const transport = path === "/messages" && session ? sse.get(session) : undefined;
    if (transport) return void transport.handlePostMessage(req, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  const bound = (http.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    notes,
    async close() {
      await Promise.all([...streams.values(), ...sse.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
