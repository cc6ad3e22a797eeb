import { describe, expect, it } from "vitest";
import { askingHandlers, type ServerQuestion } from "../../../src/mcp/requests/server-requests.ts";
import { ServerRequestQueue } from "../../../components/runtime/server-request-queue.ts";
import { FakeModel, text } from "../../helpers/agent-fakes.ts";

// The TUI's handlers over a real queue: who is asked what, and what goes back to the server.

const SAMPLE = {
  systemPrompt: "Be brief.",
  messages: [{ role: "user" as const, content: { type: "text" as const, text: "Sky?" } }],
  maxTokens: 20,
};

function setup(replies = [{ content: [text("Blue.")] }]) {
  const queue = new ServerRequestQueue();
  const model = new FakeModel(replies);
  const logged: string[] = [];
  const opened: string[] = [];
  const handlers = askingHandlers({
    model,
    ask: queue.ask,
    openUrl: async (url) => (opened.push(url), { kind: "opened", via: "test" }),
    log: (server, line) => logged.push(`${server}: ${line}`),
  });
  /** Waits for the next question and answers it. */
  async function answerNext(check: (q: ServerQuestion) => void, answer: unknown) {
    for (let i = 0; i < 50 && queue.getSnapshot().pending.length === 0; i++) await new Promise((r) => setTimeout(r, 1));
    const [pending] = queue.getSnapshot().pending;
    if (!pending) throw new Error("no question");
    check(pending.question);
    queue.answer(pending, answer as never);
  }
  return { queue, model, logged, opened, handlers, answerNext };
}

describe("askingHandlers", () => {
  it("declines a schema it cannot render without asking, and logs why", async () => {
    const { handlers, queue, logged } = setup();
    const result = await handlers.elicit(
      "srv",
      { message: "m", requestedSchema: { type: "object", properties: { a: { type: "object" } } } },
      new AbortController().signal,
    );
    expect(result).toEqual({ action: "decline" });
    expect(queue.getSnapshot().pending).toEqual([]);
    expect(logged).toEqual([
      'srv: elicitation declined: the request cannot be shown (field "a": unsupported type "object")',
    ]);
  });

  it("returns an accepted form's typed content", async () => {
    const { handlers, answerNext } = setup();
    const params = { message: "Age?", requestedSchema: { type: "object", properties: { age: { type: "integer" } } } };
    const result = handlers.elicit("srv", params, new AbortController().signal);
    await answerNext((q) => expect(q).toMatchObject({ kind: "elicit-form", server: "srv", message: "Age?" }), {
      action: "accept",
      values: { age: "7" },
    });
    expect(await result).toEqual({ action: "accept", content: { age: 7 } });
  });

  it("opens a URL only when the user says so", async () => {
    const { handlers, answerNext, opened } = setup();
    const params = { mode: "url", message: "Sign in", url: "https://example.com/a", elicitationId: "e" };
    const declined = handlers.elicit("srv", params, new AbortController().signal);
    await answerNext(
      (q) => expect(q).toEqual({ kind: "elicit-url", server: "srv", message: "Sign in", url: "https://example.com/a" }),
      "decline",
    );
    expect(await declined).toEqual({ action: "decline" });
    expect(opened).toEqual([]);
    const accepted = handlers.elicit("srv", params, new AbortController().signal);
    await answerNext(() => {}, "open");
    expect(await accepted).toEqual({ action: "accept" });
    expect(opened).toEqual(["https://example.com/a"]);
  });

  it("runs an approved sampling request through the model and shows the reply before returning it", async () => {
    const { handlers, answerNext, model } = setup();
    const result = handlers.sample("srv", SAMPLE, new AbortController().signal);
    await answerNext(
      (q) =>
        expect(q).toMatchObject({ kind: "sampling-request", request: { systemPrompt: "Be brief.", maxTokens: 20 } }),
      "approve",
    );
    await answerNext(
      (q) => expect(q).toMatchObject({ kind: "sampling-reply", reply: { text: "Blue.", model: "fake" } }),
      "approve",
    );
    expect(await result).toEqual({
      role: "assistant",
      content: { type: "text", text: "Blue." },
      model: "fake",
      stopReason: "endTurn",
    });
    expect(model.requests).toEqual([
      {
        system: [{ id: "sampling", text: "Be brief." }],
        messages: [{ role: "user", content: [{ type: "text", text: "Sky?" }] }],
        tools: [],
        maxTokens: 20,
      },
    ]);
  });

  it("a rejected request never reaches the model; a rejected reply never reaches the server", async () => {
    const first = setup();
    const refused = first.handlers.sample("srv", SAMPLE, new AbortController().signal);
    await first.answerNext(() => {}, "reject");
    await expect(refused).rejects.toMatchObject({ code: -1, message: "User rejected sampling request" });
    expect(first.model.requests).toEqual([]);

    const second = setup();
    const replyRefused = second.handlers.sample("srv", SAMPLE, new AbortController().signal);
    await second.answerNext(() => {}, "approve");
    await second.answerNext(() => {}, "reject");
    await expect(replyRefused).rejects.toMatchObject({ code: -1, message: "User rejected the sampled reply" });
  });

  it("a request the server cancels leaves the queue and counts as cancelled", async () => {
    const { handlers, queue } = setup();
    const cancel = new AbortController();
    const result = handlers.elicit(
      "srv",
      { message: "m", requestedSchema: { type: "object", properties: {} } },
      cancel.signal,
    );
    await new Promise((r) => setTimeout(r, 1));
    expect(queue.getSnapshot().pending).toHaveLength(1);
    cancel.abort();
    expect(await result).toEqual({ action: "cancel" });
    expect(queue.getSnapshot().pending).toEqual([]);
  });
});

describe("ServerRequestQueue", () => {
  it("keeps questions in order: the second waits until the first is answered", async () => {
    const queue = new ServerRequestQueue();
    const signal = new AbortController().signal;
    const a = queue.ask({ kind: "elicit-url", server: "a", message: "", url: "https://a" }, signal);
    void queue.ask({ kind: "elicit-url", server: "b", message: "", url: "https://b" }, signal);
    expect(queue.getSnapshot().pending.map((p) => p.question.server)).toEqual(["a", "b"]);
    queue.answer(queue.getSnapshot().pending[0]!, "copied");
    expect(await a).toBe("copied");
    expect(queue.getSnapshot().pending.map((p) => p.question.server)).toEqual(["b"]);
  });

  it("dismisses everything waiting when the session closes", async () => {
    const queue = new ServerRequestQueue();
    const signal = new AbortController().signal;
    const form = queue.ask({ kind: "elicit-form", server: "a", message: "", fields: [] }, signal);
    const sampling = queue.ask(
      {
        kind: "sampling-request",
        server: "a",
        request: { systemPrompt: "", messages: [], maxTokens: 1, preferences: "" },
      },
      signal,
    );
    queue.dismissAll();
    expect(await form).toEqual({ action: "cancel" });
    expect(await sampling).toBe("reject");
    expect(queue.getSnapshot().pending).toEqual([]);
  });
});
