/**
 * The adapter against a stand-in Messages API that misbehaves the way the
 * real one does, through the real SDK over HTTP. The backoff runs on a
 * FakeClock: each wait is checked, then skipped, never slept.
 */
import { describe, expect, it } from "vitest";
import { AnthropicModel, type AnthropicModelOptions } from "../../src/model/anthropic-model.ts";
import type { ModelEvent, ModelRequest } from "../../src/model/model.ts";
import { MiniCcError } from "../../src/errors.ts";
import { messagesApisForTestFile, type FakeMessage, type FakeReply } from "../helpers/fake-messages-api.ts";
import { FakeClock } from "../helpers/fake-clock.ts";

const REQUEST: ModelRequest = {
  system: [{ id: "base", text: "You are mini-cc." }],
  tools: [],
  messages: [{ role: "user", content: "Hi" }],
};
const HELLO: FakeMessage = { content: [{ type: "text", text: "Hello there, how are you?" }] };
const OVERLOADED: FakeReply = { kind: "error", status: 529, type: "overloaded_error", message: "Overloaded" };

const startApi = messagesApisForTestFile();

function modelFor(baseURL: string, clock: FakeClock, options: Partial<AnthropicModelOptions> = {}): AnthropicModel {
  // random 0: no jitter, so each wait is exact.
  return new AnthropicModel({
    apiKey: "sk-ant-test",
    baseURL,
    model: "claude-sonnet-4-5",
    clock,
    random: () => 0,
    ...options,
  });
}

/** Streams the request; after each `retry` event, checks the backoff timer is set for its delay and moves the clock past it. */
async function drive(
  model: AnthropicModel,
  clock: FakeClock,
  request = REQUEST,
): Promise<{ events: ModelEvent[]; waited: number[]; error?: MiniCcError }> {
  const events: ModelEvent[] = [];
  const waited: number[] = [];
  const iterator = model.stream(request, new AbortController().signal)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = iterator.next();
      const last = events.at(-1);
      if (last?.type === "retry") {
        await new Promise((resolve) => setImmediate(resolve));
        waited.push(Math.min(...clock.pending()));
        clock.advance(last.retry.delayMs);
      }
      const result = await next;
      if (result.done) return { events, waited };
      events.push(result.value);
    }
  } catch (error) {
    return { events, waited, error: error as MiniCcError };
  }
}

const texts = (events: ModelEvent[]) => events.flatMap((e) => (e.type === "text_delta" ? [e.text] : []));
const retries = (events: ModelEvent[]) => events.flatMap((e) => (e.type === "retry" ? [e.retry] : []));

describe("AnthropicModel retries", () => {
  it("waits out four overloaded answers with growing waits, then succeeds", async () => {
    const api = await startApi([OVERLOADED, OVERLOADED, OVERLOADED, OVERLOADED, { kind: "message", message: HELLO }]);
    const clock = new FakeClock();
    const { events, waited, error } = await drive(modelFor(api.baseURL, clock), clock);

    expect(error).toBeUndefined();
    expect(api.requests).toHaveLength(5);
    expect(retries(events).map((r) => [r.reason, r.retry, r.maxRetries, r.delayMs])).toEqual([
      ["overloaded", 1, 10, 1000],
      ["overloaded", 2, 10, 2000],
      ["overloaded", 3, 10, 4000],
      ["overloaded", 4, 10, 8000],
    ]);
    expect(waited).toEqual([1000, 2000, 4000, 8000]);
    expect(events.at(-1)).toMatchObject({
      type: "message",
      stopReason: "end_turn",
      message: { content: [{ type: "text", text: "Hello there, how are you?" }] },
    });
  });

  it("waits a 500 out for less than an overloaded API, and honours retry-after", async () => {
    const api = await startApi([
      { kind: "error", status: 500, type: "api_error", message: "Internal" },
      { kind: "error", status: 429, type: "rate_limit_error", message: "Slow down", headers: { "retry-after": "7" } },
      { kind: "message", message: HELLO },
    ]);
    const clock = new FakeClock();
    const { events } = await drive(modelFor(api.baseURL, clock), clock);
    expect(retries(events).map((r) => [r.reason, r.delayMs])).toEqual([
      ["server-error", 500],
      ["rate-limit", 7000],
    ]);
  });

  it("gives up after its retries with the last error and how often it tried", async () => {
    const api = await startApi([OVERLOADED, OVERLOADED, OVERLOADED]);
    const clock = new FakeClock();
    const { error } = await drive(modelFor(api.baseURL, clock, { maxRetries: 2 }), clock);
    expect([error?.code, error?.message]).toEqual([
      "overloaded",
      "Anthropic API error 529: Overloaded — the API is overloaded; try again shortly (gave up after 2 retries)",
    ]);
  });

  it("does not retry what retrying cannot fix (400, 401, 403, 404)", async () => {
    const api = await startApi([
      { kind: "error", status: 400, type: "invalid_request_error", message: "messages: roles must alternate" },
      { kind: "error", status: 404, type: "not_found_error", message: "model: claude-nope" },
    ]);
    const clock = new FakeClock();
    const bad = await drive(modelFor(api.baseURL, clock), clock);
    const missing = await drive(modelFor(api.baseURL, clock), clock);
    expect(api.requests).toHaveLength(2);
    expect([bad.error?.message, missing.error?.message]).toEqual([
      "Anthropic API error 400: messages: roles must alternate",
      "Anthropic API error 404: model: claude-nope — check ANTHROPIC_MODEL (or --model) and ANTHROPIC_BASE_URL",
    ]);
  });

  it("retries a stream whose connection drops after a few events, and the message holds the text once", async () => {
    const api = await startApi([
      { kind: "message", message: HELLO, dropAfterEvents: 5 },
      { kind: "message", message: HELLO },
    ]);
    const clock = new FakeClock();
    const { events } = await drive(modelFor(api.baseURL, clock), clock);

    // message_start, ping, block start, two deltas reached the client before the reset.
    expect(texts(events)).toEqual(["Hello th", "ere, how", "Hello th", "ere, how", " are you", "?"]);
    expect(retries(events).map((r) => r.reason)).toEqual(["stream-cut"]);
    expect(events.findIndex((e) => e.type === "retry")).toBe(2);
    expect(events.at(-1)).toMatchObject({
      type: "message",
      message: { content: [{ type: "text", text: "Hello there, how are you?" }] },
    });
  });

  it("retries a connection the API closes before its response arrives, as a load balancer does", async () => {
    const api = await startApi([{ kind: "close" }, { kind: "close" }, { kind: "message", message: HELLO }]);
    const clock = new FakeClock();
    const { events, waited, error } = await drive(modelFor(api.baseURL, clock), clock);

    expect(error).toBeUndefined();
    expect(api.requests).toHaveLength(3);
    expect(retries(events).map((r) => [r.reason, r.retry, r.delayMs])).toEqual([
      ["connection", 1, 500],
      ["connection", 2, 1000],
    ]);
    expect(waited).toEqual([500, 1000]);
    expect(retries(events)[0]?.message).toMatch(
      /^cannot reach the Anthropic API at http:\/\/127\.0\.0\.1:\d+: other side closed/,
    );
    expect(events.at(-1)).toMatchObject({
      type: "message",
      message: { content: [{ type: "text", text: "Hello there, how are you?" }] },
    });
  });

  it("retries an overloaded_error event in the middle of a stream", async () => {
    const api = await startApi([
      {
        kind: "message",
        message: HELLO,
        errorAfterEvents: { count: 4, type: "overloaded_error", message: "Overloaded" },
      },
      { kind: "message", message: HELLO },
    ]);
    const clock = new FakeClock();
    const { events, error } = await drive(modelFor(api.baseURL, clock), clock);
    expect(error).toBeUndefined();
    expect(retries(events).map((r) => [r.reason, r.delayMs])).toEqual([["overloaded", 1000]]);
    expect(api.requests).toHaveLength(2);
  });

  it("gives up on a stream that stalls past the idle limit and tries again", async () => {
    const api = await startApi([
      { kind: "message", message: HELLO, hangAfterEvents: 4 },
      { kind: "message", message: HELLO },
    ]);
    // The idle limit is real time here (short); the backoff after it is not.
    const model = new AnthropicModel({
      apiKey: "sk-ant-test",
      baseURL: api.baseURL,
      model: "claude-sonnet-4-5",
      streamIdleMs: 150,
      retryBaseDelayMs: 1,
    });
    const events: ModelEvent[] = [];
    for await (const event of model.stream(REQUEST, new AbortController().signal)) events.push(event);

    expect(retries(events).map((r) => [r.reason, r.message])).toEqual([
      ["stalled", "Anthropic API stream sent nothing for 150 ms"],
    ]);
    await api.requests[0]?.closed;
    expect(api.requests[0]?.clientClosedEarly).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "message", stopReason: "end_turn" });
  });

  it("stops waiting at once when the user aborts during a backoff", async () => {
    const api = await startApi([OVERLOADED]);
    const clock = new FakeClock();
    const controller = new AbortController();
    const iterator = modelFor(api.baseURL, clock).stream(REQUEST, controller.signal)[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toMatchObject({ type: "retry" });
    const waiting = iterator.next();
    controller.abort();
    await expect(waiting).rejects.toThrow(new MiniCcError("aborted", "model request aborted"));
  });
});

describe("AnthropicModel output limits and thinking", () => {
  it("asks for the catalog's output budget by default and the model's whole limit when raised", async () => {
    const api = await startApi([
      { kind: "message", message: HELLO },
      { kind: "message", message: HELLO },
    ]);
    const clock = new FakeClock();
    const model = modelFor(api.baseURL, clock);
    await drive(model, clock);
    await drive(model, clock, { ...REQUEST, raiseMaxTokens: true });
    expect(api.requests.map((r) => r.body["max_tokens"])).toEqual([32_000, 64_000]);
  });

  it("sends the thinking budget and keeps thinking blocks with their signatures", async () => {
    const thought: FakeMessage = {
      content: [
        { type: "thinking", thinking: "The user greets me; greet back.", signature: "sig-EqQBCgIYAhIM" },
        { type: "redacted_thinking", data: "EmwKAhgBEgy3va" },
        { type: "text", text: "Hello!" },
      ],
    };
    const api = await startApi([{ kind: "message", message: thought }]);
    const clock = new FakeClock();
    const { events } = await drive(modelFor(api.baseURL, clock, { thinkingBudgetTokens: 4000 }), clock);

    expect(api.requests[0]?.body["thinking"]).toEqual({ type: "enabled", budget_tokens: 4000 });
    expect(events.at(-1)).toMatchObject({ type: "message", message: { content: thought.content } });
  });

  it("reports a tool input cut at max_tokens as a max_tokens stop, not a failure", async () => {
    const api = await startApi([
      {
        kind: "message",
        message: {
          content: [
            { type: "tool_use", id: "toolu_1", name: "Write", input: { file_path: "a.txt", content: "x".repeat(60) } },
          ],
          stopReason: "max_tokens",
          cutLastToolInput: true,
        },
      },
    ]);
    const clock = new FakeClock();
    const { events, error } = await drive(modelFor(api.baseURL, clock), clock);
    expect(error).toBeUndefined();
    expect(events.at(-1)).toMatchObject({
      type: "message",
      stopReason: "max_tokens",
      message: { content: [{ type: "tool_use", id: "toolu_1", input: {} }] },
    });
  });
});
