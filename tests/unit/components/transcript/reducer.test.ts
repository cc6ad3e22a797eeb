import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../../src/agent/events.ts";
import { EMPTY_TRANSCRIPT, type TranscriptState } from "../../../../components/transcript/items.ts";
import { callLabel, reduceTranscript, type TranscriptAction } from "../../../../components/transcript/reducer.ts";

const run = (actions: readonly TranscriptAction[], from: TranscriptState = EMPTY_TRANSCRIPT) =>
  actions.reduce(reduceTranscript, from);
const usage = { input_tokens: 1, output_tokens: 1 };
const assistant = (text: string): AgentEvent => ({
  type: "assistant",
  message: {
    role: "assistant",
    content: [
      { type: "text", text },
      { type: "tool_use", id: "x", name: "Read", input: {} },
    ],
  },
  usage,
});

describe("reduceTranscript", () => {
  it("drops a failed attempt's streamed text on retry, shows the retry until the next output", () => {
    const retry = { reason: "stream-cut" as const, retry: 1, maxRetries: 10, delayMs: 500, message: "cut" };
    const waiting = run([
      { type: "text_delta", text: "Hello th" },
      { type: "retry", retry },
    ]);
    expect(waiting).toMatchObject({ live: "", retry });
    const again = run([{ type: "text_delta", text: "Hello there" }], waiting);
    expect(again.retry).toBeUndefined();
    expect(again.live).toBe("Hello there");
  });

  it("puts a reply's thinking before its text, as folded items", () => {
    const state = run([
      {
        type: "assistant",
        message: {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "Weigh both options.", signature: "s" },
            { type: "redacted_thinking", data: "d" },
            { type: "text", text: "Option B." },
          ],
        },
        usage,
      },
    ]);
    expect(state.items).toEqual([
      { kind: "thinking", id: 1, text: "Weigh both options.", redacted: false },
      { kind: "thinking", id: 2, text: "", redacted: true },
      { kind: "assistant", id: 3, text: "Option B." },
    ]);
  });

  it("echoes the prompt and marks the turn running until turn_end", () => {
    const started = run([{ type: "turn-start", prompt: "hi" }]);
    expect(started.items).toEqual([{ kind: "user", id: 1, text: "hi" }]);
    expect(started.running).toBe(true);
    expect(run([{ type: "turn_end", reason: "end_turn", numTurns: 1, resultText: "" }], started).running).toBe(false);
  });

  it("accumulates text deltas live and moves the final message into the items", () => {
    const streaming = run([
      { type: "text_delta", text: "Let me " },
      { type: "text_delta", text: "look." },
    ]);
    expect(streaming).toMatchObject({ live: "Let me look.", items: [] });
    const done = run([assistant("Let me look.")], streaming);
    expect(done).toMatchObject({ live: "", items: [{ kind: "assistant", id: 1, text: "Let me look." }] });
  });

  it("keeps streamed text that never got its assistant event when the turn ends", () => {
    const state = run([
      { type: "turn-start", prompt: "go" },
      { type: "text_delta", text: "Half a sen" },
      { type: "turn_end", reason: "aborted", numTurns: 1, resultText: "" },
    ]);
    expect(state.items.map((i) => i.kind)).toEqual(["user", "assistant", "notice"]);
    expect(state.items[2]).toEqual({ kind: "notice", id: 3, text: "Interrupted." });
  });

  it("says when a turn stopped at the round limit", () => {
    const state = run([{ type: "turn_end", reason: "max_rounds", numTurns: 20, resultText: "" }]);
    expect(state.items).toEqual([{ kind: "notice", id: 1, text: "Stopped after 20 rounds (the turn limit)." }]);
  });

  it("records tool calls with their summary and every line of their results", () => {
    const state = run([
      { type: "tool_call", id: "1", name: "Read", input: {}, summary: "Read(posts.ts)" },
      {
        type: "tool_result",
        id: "1",
        name: "Read",
        result: { content: "a\nb\nc\nd\ne", isError: false },
        durationMs: 1,
      },
    ]);
    expect(state.items).toEqual([
      { kind: "tool-call", id: 1, label: "Read(posts.ts)" },
      { kind: "tool-result", id: 2, name: "Read", isError: false, lines: ["a", "b", "c", "d", "e"] },
    ]);
  });

  it("records a denial once, without the error result that repeats it", () => {
    const state = run([
      { type: "permission_denied", id: "u1", name: "Bash", message: "not now" },
      { type: "tool_result", id: "u1", name: "Bash", result: { content: "not now", isError: true }, durationMs: 0 },
      { type: "error", message: "API error 401" },
    ]);
    expect(state.items).toEqual([
      { kind: "denied", id: 1, toolUseId: "u1", name: "Bash", message: "not now" },
      { kind: "error", id: 2, message: "API error 401" },
    ]);
  });

  it("empties the items on clear, keeping ids unique", () => {
    const state = run([{ type: "user-input", text: "/help" }, { type: "clear" }, { type: "notice", text: "x" }]);
    expect(state).toMatchObject({ items: [{ kind: "notice", id: 2, text: "x" }] });
  });
});

describe("callLabel", () => {
  it("uses a summary that already names the tool", () => {
    expect(callLabel("Read", "Read(posts.ts)")).toBe("Read(posts.ts)");
  });

  it("wraps a bare argument summary in the tool name", () => {
    expect(callLabel("Read", "posts.ts")).toBe("Read(posts.ts)");
    expect(callLabel("Read", "")).toBe("Read");
  });
});
