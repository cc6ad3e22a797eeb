/**
 * A real local HTTP server that speaks the Anthropic Messages API
 * (POST /v1/messages) well enough for the real SDK: it records each request
 * and answers with scripted replies — a message (server-sent events when the
 * request asks to stream, JSON otherwise) or an error response. It misbehaves
 * the way the real API does when told to: 429/529/5xx with retry-after, a
 * stream whose connection drops after K events, a stream that stalls, an
 * `overloaded_error` event mid-stream, replies cut at max_tokens (a tool
 * input included), refusals, pause_turn, signed thinking blocks, and a
 * connection closed before the response's headers.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { endedAfterEachTest } from "./per-test.ts";

export type FakeBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "redacted_thinking"; data: string };

export interface FakeUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

export interface FakeMessage {
  content: FakeBlock[];
  /** Default: tool_use when a tool_use block is present, else end_turn. */
  stopReason?: string;
  usage?: FakeUsage;
  /** Leave out the last fragment of the last tool_use's input JSON, as a reply cut at max_tokens does. */
  cutLastToolInput?: boolean;
  /** Streaming only: a thinking block's content_block_start carries no `signature` field (only its delta does), as some gateways send it. */
  thinkingStartWithoutSignature?: boolean;
}

export type FakeReply =
  | {
      kind: "message";
      message: FakeMessage;
      /** Streaming only: send this many events, then keep the connection open until the client leaves. */
      hangAfterEvents?: number;
      /** Streaming only: send this many events, then an `error` event, then end. */
      errorAfterEvents?: { count: number; type: string; message: string };
      /** Streaming only: send this many events, then drop the connection (a reset, not a clean end). */
      dropAfterEvents?: number;
    }
  /** A message made from the request (the tools it offers, say), as a model reading it would answer. */
  | { kind: "reading"; answer: (request: Record<string, unknown>) => FakeMessage }
  | { kind: "error"; status: number; type: string; message: string; headers?: Record<string, string> }
  /** Close the connection before any response is sent, as a load balancer that drops an idle or overloaded backend does. */
  | { kind: "close" };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** True when the client closed the connection before the reply was complete. */
  clientClosedEarly: boolean;
  /** Resolves when the connection for this request closes, for whatever reason. */
  closed: Promise<void>;
  /** When the request arrived (Date.now()). */
  at: number;
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Splits text into pieces of at most `size` characters (at least one piece). */
export function splitEvery(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces.length > 0 ? pieces : [""];
}

/** The events the API streams for one message; text comes in 8-character deltas and tool input JSON in thirds. */
export function messageEvents(message: FakeMessage, model: string, id: string): SseEvent[] {
  const usage = message.usage ?? {};
  const events: SseEvent[] = [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: {
          id,
          type: "message",
          role: "assistant",
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: usage.input_tokens ?? 10,
            output_tokens: 1,
            cache_creation_input_tokens: usage.cache_creation_input_tokens ?? null,
            cache_read_input_tokens: usage.cache_read_input_tokens ?? null,
          },
        },
      },
    },
    { event: "ping", data: { type: "ping" } },
  ];
  const lastToolUse = message.content.map((b) => b.type).lastIndexOf("tool_use");
  message.content.forEach((block, index) => {
    if (block.type === "thinking") {
      const start = message.thinkingStartWithoutSignature
        ? { type: "thinking", thinking: "" }
        : { type: "thinking", thinking: "", signature: "" };
      events.push({ event: "content_block_start", data: { type: "content_block_start", index, content_block: start } });
      for (const piece of splitEvery(block.thinking, 8)) {
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "thinking_delta", thinking: piece } },
        });
      }
      events.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta: { type: "signature_delta", signature: block.signature } },
      });
    } else if (block.type === "redacted_thinking") {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { type: "redacted_thinking", data: block.data } },
      });
    } else if (block.type === "text") {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { type: "text", text: "" } },
      });
      for (const piece of splitEvery(block.text, 8)) {
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "text_delta", text: piece } },
        });
      }
    } else {
      events.push({
        event: "content_block_start",
        data: {
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        },
      });
      const json = JSON.stringify(block.input);
      const pieces = splitEvery(json, Math.max(1, Math.ceil(json.length / 3)));
      if (message.cutLastToolInput && index === lastToolUse) pieces.pop();
      for (const piece of pieces) {
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: piece } },
        });
      }
    }
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
  });
  events.push(
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: stopReasonOf(message), stop_sequence: null },
        usage: { output_tokens: usage.output_tokens ?? 5 },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  );
  return events;
}

/** The non-streaming JSON body for one message. */
export function messageBody(message: FakeMessage, model: string, id: string): Record<string, unknown> {
  const usage = message.usage ?? {};
  return {
    id,
    type: "message",
    role: "assistant",
    model,
    content: message.content,
    stop_reason: stopReasonOf(message),
    stop_sequence: null,
    usage: {
      input_tokens: usage.input_tokens ?? 10,
      output_tokens: usage.output_tokens ?? 5,
      cache_creation_input_tokens: usage.cache_creation_input_tokens ?? null,
      cache_read_input_tokens: usage.cache_read_input_tokens ?? null,
    },
  };
}

function stopReasonOf(message: FakeMessage): string {
  return message.stopReason ?? (message.content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
}

function errorBody(type: string, message: string): string {
  return JSON.stringify({ type: "error", error: { type, message } });
}

/** The fake API: start() it with replies, point the SDK's baseURL at `baseURL`, close() it after. */
export class FakeMessagesApi {
  readonly requests: RecordedRequest[] = [];
  readonly #replies: FakeReply[];
  readonly #server: Server;

  private constructor(server: Server, replies: FakeReply[]) {
    this.#server = server;
    this.#replies = [...replies];
  }

  /** Listens on 127.0.0.1 at a free port. */
  static async start(replies: FakeReply[] = []): Promise<FakeMessagesApi> {
    const server = createServer();
    const api = new FakeMessagesApi(server, replies);
    server.on("request", (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
        } catch {
          // recorded as empty; the reply below still goes out
        }
        api.#answer(req.method ?? "", req.url ?? "", req.headers, body, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return api;
  }

  /** e.g. http://127.0.0.1:40123 — the SDK appends /v1/messages. */
  get baseURL(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Queues more replies, answered in order. */
  reply(...replies: FakeReply[]): void {
    this.#replies.push(...replies);
  }

  /** Stops listening and drops any connection still open. */
  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #answer(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: Record<string, unknown>,
    res: ServerResponse,
  ): void {
    const recorded: RecordedRequest = {
      at: Date.now(),
      method,
      path,
      headers,
      body,
      clientClosedEarly: false,
      closed: new Promise<void>((resolve) => {
        res.on("close", () => {
          if (!res.writableFinished) recorded.clientClosedEarly = true;
          resolve();
        });
      }),
    };
    this.requests.push(recorded);
    const n = this.requests.length;

    if (method !== "POST" || !path.startsWith("/v1/messages")) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(errorBody("not_found_error", `fake: no route ${method} ${path}`));
      return;
    }
    const reply = this.#replies.shift();
    if (reply === undefined) {
      res.writeHead(500, { "content-type": "application/json", "x-should-retry": "false" });
      res.end(errorBody("api_error", `fake: no reply scripted for request ${n}`));
      return;
    }
    if (reply.kind === "close") {
      res.socket?.destroy();
      return;
    }
    if (reply.kind === "error") {
      res.writeHead(reply.status, {
        "content-type": "application/json",
        "request-id": `req_fake_${n}`,
        ...reply.headers,
      });
      res.end(errorBody(reply.type, reply.message));
      return;
    }
    const model = typeof body["model"] === "string" ? body["model"] : "unknown";
    const id = `msg_fake_${n}`;
    const message = reply.kind === "reading" ? reply.answer(body) : reply.message;
    if (body["stream"] !== true) {
      res.writeHead(200, { "content-type": "application/json", "request-id": `req_fake_${n}` });
      res.end(JSON.stringify(messageBody(message, model, id)));
      return;
    }
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      "request-id": `req_fake_${n}`,
    });
    const events = messageEvents(message, model, id);
    const misbehave: Partial<Extract<FakeReply, { kind: "message" }>> = reply.kind === "message" ? reply : {};
    const limit =
      misbehave.hangAfterEvents ?? misbehave.errorAfterEvents?.count ?? misbehave.dropAfterEvents ?? events.length;
    for (const { event, data } of events.slice(0, limit))
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (misbehave.dropAfterEvents !== undefined) {
      // Let the events written so far reach the client, then reset the connection.
      setTimeout(() => res.socket?.destroy(), 20);
    } else if (misbehave.errorAfterEvents !== undefined) {
      res.end(
        `event: error\ndata: ${errorBody(misbehave.errorAfterEvents.type, misbehave.errorAfterEvents.message)}\n\n`,
      );
    } else if (misbehave.hangAfterEvents === undefined) {
      res.end();
    }
  }
}

/** For one test file: FakeMessagesApi.start, each API a test starts closed after it. Call at the top level. */
export function messagesApisForTestFile(): (replies?: FakeReply[]) => Promise<FakeMessagesApi> {
  return endedAfterEachTest(
    (replies: FakeReply[] = []) => FakeMessagesApi.start(replies),
    (api) => api.close(),
  );
}
