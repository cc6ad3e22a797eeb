import { describe, expect, it } from "vitest";
import { MiniCcError } from "../../../src/errors.ts";
import { type ModelEvent, type ModelRequest } from "../../../src/model/model.ts";
import { ScriptedModel, textChunks } from "../../../src/model/scripted-model.ts";
import { modelError, streamEvents } from "../../helpers/model-events.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

const REQUEST: ModelRequest = {
  system: [{ id: "base", text: "Be brief." }],
  tools: [],
  messages: [{ role: "user", content: "go" }],
};

const SCRIPT = {
  responses: [
    {
      content: [
        { type: "text", text: "Let me look at the Todo issues." },
        { type: "tool_use", name: "mcp__tracker__list_issues", input: { status: "Todo" } },
        { type: "tool_use", id: "toolu_given", name: "Read", input: { file_path: "posts.ts" } },
      ],
    },
    { content: [{ type: "text", text: "Done." }] },
  ],
};

/** The events the model streams for REQUEST. */
function run(model: ScriptedModel, signal?: AbortSignal): Promise<ModelEvent[]> {
  return streamEvents(model, REQUEST, signal);
}

const quick = { maxChunkDelayMs: 0 };

describe("ScriptedModel", () => {
  it("streams text in chunks of three words before the message", async () => {
    const events = await run(new ScriptedModel(SCRIPT, quick));
    expect(events.filter((e) => e.type === "text_delta")).toEqual([
      { type: "text_delta", text: "Let me look " },
      { type: "text_delta", text: "at the Todo " },
      { type: "text_delta", text: "issues." },
    ]);
    expect(events.at(-1)?.type).toBe("message");
  });

  it("generates ids for tool_use blocks without one and keeps given ids", async () => {
    const [event] = (await run(new ScriptedModel(SCRIPT, quick))).slice(-1);
    expect(event?.type === "message" && event.message.content).toEqual([
      { type: "text", text: "Let me look at the Todo issues." },
      { type: "tool_use", id: "toolu_scripted_1", name: "mcp__tracker__list_issues", input: { status: "Todo" } },
      { type: "tool_use", id: "toolu_given", name: "Read", input: { file_path: "posts.ts" } },
    ]);
  });

  it("stops with tool_use when a tool_use block is present, else end_turn", async () => {
    const model = new ScriptedModel(SCRIPT, quick);
    const first = (await run(model)).at(-1);
    const second = (await run(model)).at(-1);
    expect([first?.type === "message" && first.stopReason, second?.type === "message" && second.stopReason]).toEqual([
      "tool_use",
      "end_turn",
    ]);
  });

  it("replays one response per request, in order", async () => {
    const model = new ScriptedModel(SCRIPT, quick);
    await run(model);
    expect(await run(model)).toEqual([
      { type: "text_delta", text: "Done." },
      {
        type: "message",
        message: { role: "assistant", content: [{ type: "text", text: "Done." }] },
        stopReason: "end_turn",
        usage: { input_tokens: 18, output_tokens: 8 },
      },
    ]);
  });

  it("throws script-exhausted naming how many responses it had", async () => {
    const model = new ScriptedModel(SCRIPT, quick);
    await run(model);
    await run(model);
    const error = await modelError(run(model));
    expect([error.code, error.message]).toEqual(["script-exhausted", "model script exhausted after 2 responses"]);
  });

  it("says 'response' for a one-response script", async () => {
    const model = new ScriptedModel({ responses: [{ content: [{ type: "text", text: "hi" }] }] }, quick);
    await run(model);
    expect((await modelError(run(model))).message).toBe("model script exhausted after 1 response");
  });

  it("starts again from the first response when repeating", async () => {
    const model = new ScriptedModel(
      { responses: [{ content: [{ type: "tool_use", name: "Glob", input: {} }] }] },
      { ...quick, repeat: true },
    );
    const ids: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const last = (await run(model)).at(-1);
      ids.push(last?.type === "message" && last.message.content[0]?.type === "tool_use" && last.message.content[0].id);
    }
    expect(ids).toEqual(["toolu_scripted_1", "toolu_scripted_2"]);
  });

  it("throws aborted without using up a response when the signal is already aborted", async () => {
    const model = new ScriptedModel(SCRIPT, quick);
    const controller = new AbortController();
    controller.abort();
    expect((await modelError(run(model, controller.signal))).code).toBe("aborted");
    expect((await run(model)).at(-1)).toMatchObject({ type: "message", stopReason: "tool_use" });
  });

  it("stops streaming when aborted between chunks", async () => {
    const model = new ScriptedModel(SCRIPT, quick);
    const controller = new AbortController();
    const seen: ModelEvent[] = [];
    const error = await modelError(
      (async () => {
        for await (const event of model.stream(REQUEST, controller.signal)) {
          seen.push(event);
          controller.abort();
        }
      })(),
    );
    expect([error.code, seen]).toEqual(["aborted", [{ type: "text_delta", text: "Let me look " }]]);
  });

  it("pauses before each text chunk when a delay is set", async () => {
    const clock = new FakeClock();
    const model = new ScriptedModel(
      { responses: [{ content: [{ type: "text", text: "one two three four five six seven" }] }] },
      {
        maxChunkDelayMs: 20,
        random: () => 0.5,
        clock,
      },
    );
    const stream = model.stream(REQUEST, new AbortController().signal);
    const pauses: number[] = [];
    for (;;) {
      const next = stream.next();
      // Let the stream reach its pause, note it, then let the pause run out.
      await new Promise((resolve) => setImmediate(resolve));
      pauses.push(...clock.pending());
      clock.advance(20);
      if ((await next).done) break;
    }
    expect(pauses).toEqual([10, 10, 10]);
  });

  it("rejects an invalid in-memory script with its JSON path", () => {
    expect(() => new ScriptedModel({ responses: [{ content: [{ type: "tool_use", input: {} }] }] })).toThrow(
      new MiniCcError("invalid-script", "<script>: responses[0].content[0].name: missing (expected string)"),
    );
  });
});

describe("textChunks", () => {
  it("joins back to the exact text, whitespace included", () => {
    const text = "  Two spaces lead,\nthen a new line and   wide gaps.  ";
    expect(textChunks(text).join("")).toBe(text);
  });

  it("returns no chunks for empty text", () => {
    expect(textChunks("")).toEqual([]);
  });
});

describe("ScriptedModel thinking", () => {
  it('replays a thinking block (signature "scripted" unless given) before the text', async () => {
    const model = new ScriptedModel(
      {
        responses: [
          {
            content: [
              { type: "thinking", thinking: "Plan first." },
              { type: "text", text: "Done." },
            ],
          },
        ],
      },
      { maxChunkDelayMs: 0 },
    );
    const events = await streamEvents(model, { system: [], tools: [], messages: [{ role: "user", content: "go" }] });
    expect(events.at(-1)).toMatchObject({
      message: {
        content: [
          { type: "thinking", thinking: "Plan first.", signature: "scripted" },
          { type: "text", text: "Done." },
        ],
      },
    });
  });
});
