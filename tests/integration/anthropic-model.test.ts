import Anthropic from "@anthropic-ai/sdk";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { AnthropicModel, type AnthropicModelOptions } from "../../src/model/anthropic-model.ts";
import { createModel } from "../../src/model/default-model.ts";
import type { Model, ModelEvent, ModelRequest } from "../../src/model/model.ts";
import { messagesApisForTestFile, type FakeMessage, type FakeReply } from "../helpers/fake-messages-api.ts";
import { modelError, streamEvents } from "../helpers/model-events.ts";

const MCP_INSTRUCTIONS =
  "# MCP Server Instructions\n\n## tracker\nIssues have ids like BUG-101. Use list_issues before get_issue.";

const READ_TOOL = {
  name: "Read",
  description: "Read a file",
  input_schema: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
};
const LIST_ISSUES_TOOL = {
  name: "mcp__tracker__list_issues",
  description: "List issues, optionally by status",
  input_schema: { type: "object", properties: { status: { type: "string" } } },
};

const REQUEST: ModelRequest = {
  system: [
    { id: "base", text: "You are mini-cc, a coding agent." },
    { id: "mcp-instructions", text: MCP_INSTRUCTIONS },
  ],
  tools: [READ_TOOL, LIST_ISSUES_TOOL],
  messages: [{ role: "user", content: "Which Todo issues are open?" }],
};

const TOOL_MESSAGE: FakeMessage = {
  content: [
    { type: "text", text: "Let me look at the Todo issues." },
    {
      type: "tool_use",
      id: "toolu_01",
      name: "mcp__tracker__list_issues",
      input: { status: "Todo", labels: ["bug", "p1"] },
    },
  ],
  usage: { input_tokens: 120, output_tokens: 42, cache_creation_input_tokens: 0, cache_read_input_tokens: 900 },
};

const TOOL_REPLY: FakeReply = { kind: "message", message: TOOL_MESSAGE };

const startApiWith = messagesApisForTestFile();
const startApi = (...replies: FakeReply[]) => startApiWith(replies);

function modelFor(baseURL: string, options: Partial<AnthropicModelOptions> = {}): AnthropicModel {
  return new AnthropicModel({
    apiKey: "sk-ant-test",
    baseURL,
    model: "claude-test-model",
    maxTokens: 1024,
    maxRetries: 0,
    ...options,
  });
}

/** The error a model reports for REQUEST when the API answers `reply`. */
async function errorFor(reply: FakeReply) {
  const { baseURL } = await startApi(reply);
  return modelError(collect(modelFor(baseURL)));
}

/** The events a model streams for REQUEST. */
function collect(model: Model, signal?: AbortSignal): Promise<ModelEvent[]> {
  return streamEvents(model, REQUEST, signal);
}

describe("AnthropicModel against a local Messages API", () => {
  it("streams text deltas and reassembles a tool_use input split across deltas", async () => {
    const { baseURL } = await startApi(TOOL_REPLY);
    const events = await collect(modelFor(baseURL));

    const deltas = events.filter((e) => e.type === "text_delta").map((e) => e.text);
    expect(deltas).toEqual(["Let me l", "ook at t", "he Todo ", "issues."]);
    // The message as the API sent it, the split tool input whole again.
    expect(events.at(-1)).toEqual({
      type: "message",
      message: { role: "assistant", content: TOOL_MESSAGE.content },
      stopReason: "tool_use",
      usage: TOOL_MESSAGE.usage,
      id: "msg_fake_1",
      model: "claude-test-model",
    });
  });

  it("caps max_tokens at a request's own lower limit (a server's sampling request), never above the model's", async () => {
    const fake = await startApi({ kind: "message", message: TOOL_MESSAGE }, { kind: "message", message: TOOL_MESSAGE });
    await streamEvents(modelFor(fake.baseURL), { ...REQUEST, maxTokens: 50 });
    await streamEvents(modelFor(fake.baseURL), { ...REQUEST, maxTokens: 1_000_000 });
    expect(fake.requests.map((r) => r.body["max_tokens"])).toEqual([50, 1024]);
  });

  it("sends the model, MCP tools, MCP instructions and cache breakpoints as a streaming request", async () => {
    const fake = await startApi(TOOL_REPLY);
    await collect(modelFor(fake.baseURL));

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe("/v1/messages");
    expect(sent?.headers["authorization"]).toBe("Bearer sk-ant-test");
    expect(sent?.body).toEqual({
      model: "claude-test-model",
      max_tokens: 1024,
      system: [
        { type: "text", text: "You are mini-cc, a coding agent." },
        { type: "text", text: MCP_INSTRUCTIONS, cache_control: { type: "ephemeral" } },
      ],
      // Sent as given; the last one carries the tools' cache breakpoint.
      tools: [READ_TOOL, { ...LIST_ISSUES_TOOL, cache_control: { type: "ephemeral" } }],
      messages: [
        {
          role: "user",
          content: [{ type: "text", text: "Which Todo issues are open?", cache_control: { type: "ephemeral" } }],
        },
      ],
      stream: true,
    });
  });

  it("turns a 401 into a one-line authentication error", async () => {
    const error = await errorFor({
      kind: "error",
      status: 401,
      type: "authentication_error",
      message: "invalid x-api-key",
    });

    expect(error.code).toBe("authentication");
    expect(error.message).toBe("Anthropic API error 401: invalid x-api-key — check ANTHROPIC_API_KEY");
  });

  it("lets the SDK retry a 529 and then succeeds", async () => {
    const fake = await startApi(
      {
        kind: "error",
        status: 529,
        type: "overloaded_error",
        message: "Overloaded",
        headers: { "retry-after-ms": "10" },
      },
      TOOL_REPLY,
    );
    const events = await collect(modelFor(fake.baseURL, { maxRetries: 1 }));

    expect(fake.requests).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: "message", stopReason: "tool_use" });
  });

  it("reports a 529 with no retries left as an overloaded error", async () => {
    const error = await errorFor({ kind: "error", status: 529, type: "overloaded_error", message: "Overloaded" });

    expect(error.code).toBe("overloaded");
    expect(error.message).toBe("Anthropic API error 529: Overloaded — the API is overloaded; try again shortly");
  });

  it("reports an error event in the middle of a stream", async () => {
    const error = await errorFor({
      kind: "message",
      message: TOOL_MESSAGE,
      errorAfterEvents: { count: 4, type: "overloaded_error", message: "Overloaded" },
    });

    expect(error.code).toBe("overloaded");
    expect(error.message).toBe("Anthropic API error: Overloaded — the API is overloaded; try again shortly");
  });

  it("stops the stream and closes the connection when aborted", async () => {
    const fake = await startApi({
      kind: "message",
      message: { content: [{ type: "text", text: "This answer never finishes streaming." }] },
      hangAfterEvents: 5,
    });
    const controller = new AbortController();
    const seen: ModelEvent[] = [];
    const run = (async () => {
      for await (const event of modelFor(fake.baseURL).stream(REQUEST, controller.signal)) {
        seen.push(event);
        controller.abort();
      }
    })();
    const error = await modelError(run);

    expect(error.code).toBe("aborted");
    expect(seen).toEqual([{ type: "text_delta", text: "This ans" }]);
    await fake.requests[0]?.closed;
    expect(fake.requests[0]?.clientClosedEarly).toBe(true);
  });

  it("reports a refused connection with the address it tried", async () => {
    const port = await closedPort();
    const baseURL = `http://127.0.0.1:${port}`;
    const error = await modelError(collect(modelFor(baseURL)));

    expect(error.code).toBe("connection");
    expect(error.message).toBe(
      `cannot reach the Anthropic API at ${baseURL}: connect ECONNREFUSED 127.0.0.1:${port} — check your network and ANTHROPIC_BASE_URL`,
    );
  });
});

describe("wiring and the fake API itself", () => {
  it("createModel reads ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL and ANTHROPIC_MODEL", async () => {
    const fake = await startApi(TOOL_REPLY);
    const env = {
      ANTHROPIC_API_KEY: "sk-ant-env",
      ANTHROPIC_BASE_URL: fake.baseURL,
      ANTHROPIC_MODEL: "claude-env-model",
    };
    await collect(await createModel({ env, maxRetries: 0 }));

    expect([fake.requests[0]?.headers["authorization"], fake.requests[0]?.body["model"]]).toEqual([
      "Bearer sk-ant-env",
      "claude-env-model",
    ]);
  });

  it("answers a non-streaming request with a JSON message", async () => {
    const fake = await startApi(TOOL_REPLY);
    const client = new Anthropic({ apiKey: "sk-ant-test", baseURL: fake.baseURL, maxRetries: 0, logLevel: "off" });
    const message = await client.messages.create({
      model: "claude-test-model",
      max_tokens: 100,
      messages: [{ role: "user", content: "hi" }],
    });

    expect([message.id, message.content, message.stop_reason, message.usage.cache_read_input_tokens]).toEqual([
      "msg_fake_1",
      TOOL_MESSAGE.content,
      "tool_use",
      900,
    ]);
  });
});

// A port that was free a moment ago and has nothing listening now.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
