/**
 * A 2026-07-28 MCP server on a loopback port (the v2 server package's createMcpHandler, every
 * answer an SSE stream) that breaks the response stream of the first `cuts` tools/call
 * requests: it sends the stream's headers, then drops the connection before the response,
 * as a proxy restarting mid-call would. Every POST is recorded, so a test sees what was sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

export interface PostedRequest {
  method: string;
  id: unknown;
  cut: boolean;
}

export interface CutStreamServer {
  /** `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  readonly posts: PostedRequest[];
  close(): Promise<void>;
}

function echoServer(): McpServer {
  const server = new McpServer({ name: "cutter", version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Echoes the text", inputSchema: z.object({ text: z.string() }) },
    ({ text }) => ({
      content: [{ type: "text", text }],
    }),
  );
  return server;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `cuts`: how many tools/call streams break before the response (Infinity: every one). */
export async function startCutStreamServer(cuts: number): Promise<CutStreamServer> {
  const handler = createMcpHandler(echoServer, { legacy: "reject", responseMode: "sse", keepAliveMs: 0 });
  const posts: PostedRequest[] = [];
  let cutSoFar = 0;
  const serve = async (req: IncomingMessage, res: ServerResponse, base: string) => {
    const body = req.method === "POST" ? await bodyOf(req) : undefined;
    if (body) {
      const message = JSON.parse(body.toString("utf8")) as { method?: string; id?: unknown };
      const cut = message.method === "tools/call" && cutSoFar < cuts;
      posts.push({ method: String(message.method), id: message.id, cut });
      if (cut) {
        cutSoFar++;
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(": working\n\n");
        setTimeout(() => res.destroy(), 20);
        return;
      }
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await handler.fetch(
      new Request(new URL(req.url ?? "/", base), { method: req.method ?? "GET", headers, ...(body ? { body } : {}) }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  };
  const http = createServer((req, res) => {
    serve(req, res, url).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  return {
    url,
    posts,
    close: async () => {
      http.closeAllConnections();
      await Promise.all([new Promise((resolve) => http.close(resolve)), handler.close()]);
    },
  };
}
