/**
 * An MCP server reached over WebSocket on a loopback port, for the `ws`
 * transport's tests. The SDK ships only a WebSocket *client* transport and
 * the `ws` package is not installed, so this is the smallest RFC 6455 server
 * that serves it: the upgrade handshake with the `mcp` subprotocol, text
 * frames both ways (client frames masked, as the RFC requires), ping and
 * close. Each connection gets its own SDK McpServer with one tool, `shout`.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const HANDSHAKE_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/** A running server: `url` is `ws://127.0.0.1:PORT/mcp`. */
export interface WsMcpServer {
  readonly url: string;
  /** The Sec-WebSocket-Protocol each upgrade asked for. */
  readonly protocols: string[];
  close(): Promise<void>;
}

/** One frame sent by the server: FIN set, unmasked. */
function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? Buffer.from([0x80 | opcode, length]) : Buffer.alloc(length < 65536 ? 4 : 10);
  if (length >= 126 && length < 65536) {
    head[0] = 0x80 | opcode;
    head[1] = 126;
    head.writeUInt16BE(length, 2);
  } else if (length >= 65536) {
    head[0] = 0x80 | opcode;
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([head, payload]);
}

/** The server side of one WebSocket connection as an MCP transport. */
class WebSocketServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  #buffer = Buffer.alloc(0);
  #text: Buffer[] = [];
  #closed = false;
  readonly socket: Socket;

  constructor(socket: Socket) {
    this.socket = socket;
  }

  async start(): Promise<void> {
    this.socket.on("data", (chunk: Buffer) => this.#receive(chunk));
    this.socket.on("close", () => this.#end());
    this.socket.on("error", (error) => this.onerror?.(error));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.#closed) this.socket.write(frame(0x1, Buffer.from(JSON.stringify(message))));
  }

  async close(): Promise<void> {
    if (!this.#closed) this.socket.end(frame(0x8, Buffer.alloc(0)));
    this.#end();
  }

  #end(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.();
  }

  #receive(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      if (this.#buffer.length < 2) return;
      const fin = (this.#buffer[0]! & 0x80) !== 0;
      const opcode = this.#buffer[0]! & 0x0f;
      let length = this.#buffer[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.#buffer.length < 4) return;
        length = this.#buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.#buffer.length < 10) return;
        length = Number(this.#buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (this.#buffer.length < offset + 4 + length) return;
      const mask = this.#buffer.subarray(offset, offset + 4);
      const payload = Buffer.from(this.#buffer.subarray(offset + 4, offset + 4 + length));
      for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i % 4]!;
      this.#buffer = this.#buffer.subarray(offset + 4 + length);
      if (opcode === 0x8) {
        void this.close();
        return;
      }
      if (opcode === 0x9) this.socket.write(frame(0xa, payload));
      if (opcode === 0x1 || opcode === 0x0) {
        this.#text.push(payload);
        if (fin) this.#deliver(Buffer.concat(this.#text).toString("utf8"));
      }
    }
  }

  #deliver(text: string): void {
    this.#text = [];
    try {
      this.onmessage?.(JSONRPCMessageSchema.parse(JSON.parse(text)));
    } catch (error) {
      this.onerror?.(error as Error);
    }
  }
}

function shoutServer(): McpServer {
  const server = new McpServer({ name: "shout", version: "1.0.0" });
  server.registerTool(
    "shout",
    { description: "Upper-cases its text", inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
    ({ text }) => ({ content: [{ type: "text", text: text.toUpperCase() }] }),
  );
  return server;
}

/** Starts the server on 127.0.0.1 on a free port. */
export async function startWsMcpServer(): Promise<WsMcpServer> {
  const protocols: string[] = [];
  const sockets = new Set<Socket>();
  const http = createServer((_req, res) => res.writeHead(426).end("WebSocket only\n"));
  http.on("upgrade", (req: IncomingMessage, socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    const asked = String(req.headers["sec-websocket-protocol"] ?? "");
    protocols.push(asked);
    const accept = createHash("sha1").update(`${req.headers["sec-websocket-key"]}${HANDSHAKE_GUID}`).digest("base64");
    const chosen = asked
      .split(",")
      .map((p) => p.trim())
      .includes("mcp")
      ? "Sec-WebSocket-Protocol: mcp\r\n"
      : "";
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n${chosen}\r\n`,
    );
    void shoutServer().connect(new WebSocketServerTransport(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/mcp`,
    protocols,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        http.close(() => resolve());
      }),
  };
}
