import { APIConnectionError, APIError, APIUserAbortError } from "@anthropic-ai/sdk";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { describe, expect, it } from "vitest";
import { MessageAssembler } from "../../../src/model/message-assembler.ts";
import { toModelError } from "../../../src/model/anthropic-errors.ts";
import { MiniCcError } from "../../../src/errors.ts";
import { messageEvents, type FakeMessage } from "../../helpers/fake-messages-api.ts";

function rawEvents(message: FakeMessage): RawMessageStreamEvent[] {
  return messageEvents(message, "claude-test-model", "msg_1").map((e) => e.data as unknown as RawMessageStreamEvent);
}

function assemble(events: RawMessageStreamEvent[]): {
  texts: string[];
  result: ReturnType<MessageAssembler["finish"]>;
} {
  const assembler = new MessageAssembler();
  const texts: string[] = [];
  for (const event of events) {
    const text = assembler.push(event);
    if (text !== undefined) texts.push(text);
  }
  return { texts, result: assembler.finish() };
}

function apiError(status: number, type: string, message: string): APIError {
  return APIError.generate(status, { type: "error", error: { type, message } }, undefined, new Headers());
}

const live = new AbortController().signal;

describe("MessageAssembler", () => {
  it("drops empty text blocks and keeps a tool_use with no input as {}", () => {
    const { result } = assemble(
      rawEvents({
        content: [
          { type: "text", text: "" },
          { type: "tool_use", id: "toolu_9", name: "Glob", input: {} },
        ],
      }),
    );
    expect(result.message.content).toEqual([{ type: "tool_use", id: "toolu_9", name: "Glob", input: {} }]);
  });

  it("reads model_context_window_exceeded as max_tokens", () => {
    const { result } = assemble(
      rawEvents({ content: [{ type: "text", text: "long" }], stopReason: "model_context_window_exceeded" }),
    );
    expect(result.stopReason).toBe("max_tokens");
  });

  it("keeps a tool input cut off by max_tokens as {} (the loop never runs it)", () => {
    const events = rawEvents({
      content: [{ type: "tool_use", id: "toolu_1", name: "Write", input: { content: "x".repeat(30) } }],
      stopReason: "max_tokens",
    });
    // Leave out the last JSON fragment, as a response that ran out of tokens does.
    const cut = events.filter(
      (e, i) => !(e.type === "content_block_delta" && events[i + 1]?.type === "content_block_stop"),
    );
    const { result } = assemble(cut);
    expect([result.stopReason, result.message.content]).toEqual([
      "max_tokens",
      [{ type: "tool_use", id: "toolu_1", name: "Write", input: {} }],
    ]);
  });

  it("reports a tool input that is not JSON though the response was not cut", () => {
    const events = rawEvents({
      content: [{ type: "tool_use", id: "toolu_1", name: "Write", input: { content: "x".repeat(30) } }],
    });
    const cut = events.filter(
      (e, i) => !(e.type === "content_block_delta" && events[i + 1]?.type === "content_block_stop"),
    );
    expect(() => assemble(cut)).toThrow(
      new MiniCcError("invalid-response", "Anthropic API returned an incomplete input for tool Write"),
    );
  });

  it("reports a stream that ends before message_stop", () => {
    const events = rawEvents({ content: [{ type: "text", text: "partial" }] }).slice(0, -1);
    expect(() => assemble(events)).toThrow(
      new MiniCcError("incomplete-response", "Anthropic API stream ended before the message was complete"),
    );
  });
});

describe("toModelError", () => {
  const base = "https://api.anthropic.com";

  it("explains a 429 as a rate limit", () => {
    const error = toModelError(
      apiError(429, "rate_limit_error", "Number of requests exceeds your rate limit"),
      live,
      base,
    );
    expect([error.code, error.message]).toEqual([
      "rate-limit",
      "Anthropic API error 429: Number of requests exceeds your rate limit — rate limited; wait a moment and try again",
    ]);
  });

  it("explains a 500 as a server error", () => {
    const error = toModelError(apiError(500, "api_error", "Internal server error"), live, base);
    expect([error.code, error.message]).toEqual([
      "server-error",
      "Anthropic API error 500: Internal server error — the API had an internal error; try again",
    ]);
  });

  it("points at ANTHROPIC_MODEL for a 404", () => {
    const error = toModelError(apiError(404, "not_found_error", "model: claude-nope"), live, base);
    expect(error.message).toBe(
      "Anthropic API error 404: model: claude-nope — check ANTHROPIC_MODEL (or --model) and ANTHROPIC_BASE_URL",
    );
  });

  it("keeps a bad request's message on one line without a hint", () => {
    const error = toModelError(
      apiError(400, "invalid_request_error", "messages.1: tool_use ids\nmust be unique"),
      live,
      base,
    );
    expect([error.code, error.message]).toEqual([
      "invalid-request",
      "Anthropic API error 400: messages.1: tool_use ids must be unique",
    ]);
  });

  it("treats anything thrown after an abort as aborted", () => {
    const controller = new AbortController();
    controller.abort();
    expect([
      toModelError(new APIUserAbortError(), live, base).code,
      toModelError(new Error("boom"), controller.signal, base).code,
    ]).toEqual(["aborted", "aborted"]);
  });

  it("cuts a long message between code points, never inside one, and says how much is left out", () => {
    // An emoji (two UTF-16 units) straddles the cut at 2,000.
    const error = toModelError(
      apiError(400, "invalid_request_error", `${"a".repeat(1_999)}😀${"b".repeat(5)}`),
      live,
      base,
    );
    expect(error.message).toBe(`Anthropic API error 400: ${"a".repeat(1_999)}… (7 more characters)`);
  });

  it("names the address of a connection failure", () => {
    const error = toModelError(
      new APIConnectionError({ cause: new Error("getaddrinfo ENOTFOUND api.example") }),
      live,
      "https://api.example",
    );
    expect(error.message).toBe(
      "cannot reach the Anthropic API at https://api.example: getaddrinfo ENOTFOUND api.example — check your network and ANTHROPIC_BASE_URL",
    );
  });
});
