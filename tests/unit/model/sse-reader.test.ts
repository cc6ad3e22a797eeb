import { APIError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { SseReader } from "../../../src/model/sse-reader.ts";

/** A response whose body arrives in exactly these chunks. */
function response(...chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream", "request-id": "req_1" } });
}

async function batches(reader: SseReader): Promise<unknown[][]> {
  const all: unknown[][] = [];
  for (let batch = await reader.next(); batch !== undefined; batch = await reader.next()) all.push(batch);
  return all;
}

describe("SseReader", () => {
  it("hands back the events each chunk completes (an event split across chunks when its end arrives; one without data is skipped)", async () => {
    const reader = new SseReader(
      response(
        'event: message_start\ndata: {"type":"message_start"}\n\nevent: content_block_delta\ndata: {"type":"con',
        'tent_block_delta"}\n\n',
        "event: message_stop\n",
      ),
    );
    expect(await batches(reader)).toEqual([[{ type: "message_start" }], [{ type: "content_block_delta" }], [], []]);
  });

  it("reads CRLF line ends (a CR at a chunk's end included), comments, pings and multi-line data; skips events without a name", async () => {
    const reader = new SseReader(
      response(
        ': comment\r\nevent: ping\r\ndata: {}\r\n\r\ndata: {"unnamed":true}\r\n\r\nevent: message_delta\r\ndata: {"type":\r',
        '\ndata: "message_delta"}\r\n\r\n',
      ),
    );
    expect((await batches(reader)).flat()).toEqual([{ type: "message_delta" }]);
  });

  it("keeps a last event that ends without its blank line", async () => {
    expect(
      (await batches(new SseReader(response('event: message_stop\ndata: {"type":"message_stop"}')))).flat(),
    ).toEqual([{ type: "message_stop" }]);
  });

  it("throws an error event as the SDK's APIError with its type", async () => {
    const reader = new SseReader(
      response('event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n'),
    );
    const error = await reader.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect([
      (error as APIError).type,
      (error as APIError).status,
      (error as APIError).headers?.get("request-id"),
    ]).toEqual(["overloaded_error", undefined, "req_1"]);
  });
});
