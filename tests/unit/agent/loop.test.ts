import { describe, expect, it } from "vitest";
import { MiniCcError } from "../../../src/errors.ts";
import { textResult } from "../../../src/tools/tool.ts";
import { CONTINUE_NOTE, CUT_CALL_NOTE, MAX_CONTINUATIONS } from "../../../src/agent/stop-reasons.ts";
import { Conversation, type ConversationEntry } from "../../../src/agent/conversation.ts";
import { fakeTool, testAgent, text, turn, use } from "../../helpers/agent-fakes.ts";

const USAGE = { input_tokens: 10, output_tokens: 5 };

describe("Agent loop", () => {
  it("runs the tool calls of one response in order and sends the results back in one user message", async () => {
    const order: string[] = [];
    const first = fakeTool("First", { readOnly: true, run: async () => (order.push("First"), textResult("one")) });
    const second = fakeTool("Second", {
      readOnly: true,
      run: async () => (order.push("Second"), textResult("broke", true)),
    });
    const { agent, model } = testAgent({
      tools: [first, second],
      replies: [
        { content: [text("Looking."), use("t1", "First", { a: 1 }), use("t2", "Second")] },
        { content: [text("Done.")] },
      ],
    });

    const events = await turn(agent, "go");

    expect(order).toEqual(["First", "Second"]);
    expect(events).toEqual([
      { type: "system_note", label: "project instructions", text: "0 files (AGENTS.md, CLAUDE.md)" },
      { type: "system_note", label: "date", text: "2026-10-22" },
      { type: "text_delta", text: "Looking." },
      {
        type: "assistant",
        message: { role: "assistant", content: [text("Looking."), use("t1", "First", { a: 1 }), use("t2", "Second")] },
        usage: USAGE,
        stopReason: "tool_use",
      },
      { type: "tool_call", id: "t1", name: "First", input: { a: 1 }, summary: "First(1)" },
      { type: "tool_result", id: "t1", name: "First", result: { content: "one", isError: false }, durationMs: 5 },
      { type: "tool_call", id: "t2", name: "Second", input: {}, summary: "Second" },
      { type: "tool_result", id: "t2", name: "Second", result: { content: "broke", isError: true }, durationMs: 5 },
      { type: "text_delta", text: "Done." },
      {
        type: "assistant",
        message: { role: "assistant", content: [text("Done.")] },
        usage: USAGE,
        stopReason: "end_turn",
      },
      { type: "turn_end", reason: "end_turn", numTurns: 2, resultText: "Done." },
    ]);
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "t1", content: "one", is_error: false },
        { type: "tool_result", tool_use_id: "t2", content: "broke", is_error: true },
      ],
    });
  });

  it("sends the system sections, the conversation and the tool specs in each request", async () => {
    const read = fakeTool("Read", { readOnly: true });
    const { agent, model } = testAgent({ tools: [read], replies: [{ content: [text("Hi.")] }] });

    await turn(agent, "hello");

    expect(model.requests[0]?.system.map((section) => section.id)).toEqual(["base", "date"]);
    expect(model.requests[0]?.messages).toEqual([{ role: "user", content: [{ type: "text", text: "hello" }] }]);
    expect(model.requests[0]?.tools).toEqual([
      { name: "Read", description: "The Read tool.", input_schema: { type: "object", properties: {} } },
    ]);
  });

  it("reads the tool list afresh for every request", async () => {
    const tools = [fakeTool("Read", { readOnly: true })];
    const { agent, model } = testAgent({
      tools,
      replies: [{ content: [use("t1", "Read")] }, { content: [text("ok")] }],
    });
    const events = agent.runTurn("go", new AbortController().signal);

    for await (const event of events)
      if (event.type === "tool_result") tools.push(fakeTool("mcp__tracker__get_issue", { readOnly: true }));

    expect(model.requests.map((request) => request.tools.map((tool) => tool.name))).toEqual([
      ["Read"],
      ["Read", "mcp__tracker__get_issue"],
    ]);
  });

  it("passes image blocks back as images inside the tool_result", async () => {
    const image = {
      type: "image" as const,
      source: { type: "base64" as const, media_type: "image/png", data: "iVBORw0KGgo=" },
    };
    const shot = fakeTool("mcp__browser__screenshot", {
      readOnly: true,
      run: async () => ({ content: [{ type: "text", text: "page" }, image], isError: false }),
    });
    const { agent, model } = testAgent({
      tools: [shot],
      replies: [{ content: [use("t1", "mcp__browser__screenshot")] }, { content: [text("Seen.")] }],
    });

    await turn(agent, "look");

    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "page" }, image], is_error: false },
      ],
    });
  });

  it("answers an unknown tool name with an error result", async () => {
    const { agent, model } = testAgent({
      replies: [{ content: [use("t1", "Nope", { x: "y" })] }, { content: [text("Sorry.")] }],
    });

    const events = await turn(agent, "go");

    expect(events.filter((event) => event.type === "tool_result")).toEqual([
      {
        type: "tool_result",
        id: "t1",
        name: "Nope",
        result: { content: "No such tool: Nope", isError: true },
        durationMs: 0,
      },
    ]);
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "t1", content: "No such tool: Nope", is_error: true }],
    });
  });

  it("turns a tool that throws into an error result", async () => {
    const bad = fakeTool("Bad", {
      readOnly: true,
      run: async () => {
        throw new Error("disk on fire");
      },
    });
    const { agent } = testAgent({
      tools: [bad],
      replies: [{ content: [use("t1", "Bad")] }, { content: [text("Hm.")] }],
    });

    const events = await turn(agent, "go");

    expect(events.find((event) => event.type === "tool_result")).toEqual({
      type: "tool_result",
      id: "t1",
      name: "Bad",
      result: { content: "Bad failed: disk on fire", isError: true },
      durationMs: 5,
    });
  });

  it("never runs a call whose input max_tokens cut, tells the model, and retries once with the whole output limit", async () => {
    const read = fakeTool("Read", { readOnly: true });
    const { agent, model } = testAgent({
      tools: [read],
      replies: [{ content: [text("Reading"), use("t1", "Read")], stopReason: "max_tokens" }, { content: [text("ok")] }],
    });

    const events = await turn(agent, "go");

    expect(read.calls).toEqual([]);
    expect(events.at(-1)).toEqual({ type: "turn_end", reason: "end_turn", numTurns: 2, resultText: "ok" });
    expect([model.requests[0]?.raiseMaxTokens, model.requests[1]?.raiseMaxTokens]).toEqual([undefined, true]);
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "t1", content: CUT_CALL_NOTE, is_error: true }],
    });
  });

  it("ends with max_tokens when the raised limit cuts the call again", async () => {
    const read = fakeTool("Read", { readOnly: true });
    const cut = { content: [use("t1", "Read")], stopReason: "max_tokens" as const };
    const { agent } = testAgent({ tools: [read], replies: [cut, { ...cut, content: [use("t2", "Read")] }] });

    const events = await turn(agent, "go");

    expect(read.calls).toEqual([]);
    expect(events.filter((e) => e.type === "error").map((e) => e.message)).toEqual([
      "The reply hit the output token limit twice while writing a tool call; the call was not run.",
    ]);
    expect(events.at(-1)).toMatchObject({ type: "turn_end", reason: "max_tokens", numTurns: 2 });
  });

  it("continues a text reply cut at max_tokens, up to a bound, then ends with a notice", async () => {
    const cut = (part: string) => ({ content: [text(part)], stopReason: "max_tokens" as const });
    const { agent, model } = testAgent({ replies: [cut("one "), cut("two "), cut("three "), cut("four")] });

    const events = await turn(agent, "write a long essay");

    expect(model.requests).toHaveLength(MAX_CONTINUATIONS + 1);
    expect(model.requests[1]?.messages.slice(-2)).toEqual([
      { role: "assistant", content: [text("one ")] },
      { role: "user", content: [{ type: "text", text: CONTINUE_NOTE }] },
    ]);
    expect(events.filter((e) => e.type === "error").map((e) => e.message)).toEqual([
      "The reply hit the output token limit and stays cut off (continued 3 times).",
    ]);
    expect(events.at(-1)).toEqual({
      type: "turn_end",
      reason: "max_tokens",
      numTurns: 4,
      resultText: "one two three four",
    });
  });

  it("joins a continued reply into the turn's result", async () => {
    const { agent } = testAgent({
      replies: [{ content: [text("first half, ")], stopReason: "max_tokens" }, { content: [text("second half.")] }],
    });
    const events = await turn(agent, "go");
    expect(events.at(-1)).toEqual({
      type: "turn_end",
      reason: "end_turn",
      numTurns: 2,
      resultText: "first half, second half.",
    });
  });

  it("shows a refusal, ends the turn with it, and does not send the refused prompt again", async () => {
    const { agent, model } = testAgent({
      replies: [{ content: [], stopReason: "refusal" }, { content: [text("Sure.")] }],
    });

    const refused = await turn(agent, "something refused");
    await turn(agent, "something else");

    expect(refused.filter((e) => e.type === "error").map((e) => e.message)).toEqual([
      "The model declined to answer this request (stop reason: refusal); the prompt was taken back, so it is not sent again.",
    ]);
    expect(refused.at(-1)).toMatchObject({ type: "turn_end", reason: "refusal" });
    expect(model.requests[1]?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "something else" }] },
    ]);
  });

  it("continues a turn the API paused (pause_turn), sending the paused reply back", async () => {
    const { agent, model } = testAgent({
      replies: [{ content: [text("Searching…")], stopReason: "pause_turn" }, { content: [text(" Found it.")] }],
    });

    const events = await turn(agent, "search");
    await turn(agent, "thanks");

    expect(model.requests[1]?.messages.at(-1)).toEqual({ role: "assistant", content: [text("Searching…")] });
    expect(events.at(-1)).toEqual({
      type: "turn_end",
      reason: "end_turn",
      numTurns: 2,
      resultText: "Searching… Found it.",
    });
    expect(model.requests[2]?.messages.slice(0, 2)).toEqual([
      { role: "user", content: [{ type: "text", text: "search" }] },
      { role: "assistant", content: [text("Searching…"), text(" Found it.")] },
    ]);
  });

  it("decides tool search's auto once a session: servers connecting later do not flip it", async () => {
    const mcp = (name: string, description = "d") => ({ ...fakeTool(name), description, server: "big" });
    let tools = [mcp("mcp__big__one")];
    const { agent, model } = testAgent({
      replies: [{ content: [text("a")] }, { content: [text("b")] }],
      toolsNow: () => tools,
      toolSearch: { kind: "auto", percent: 1 },
    });

    await turn(agent, "first");
    // Now well past 1% of the window: a fresh decision would defer them.
    tools = Array.from({ length: 200 }, (_, i) => mcp(`mcp__big__t${i}`, "x".repeat(200)));
    await turn(agent, "second");

    expect(model.requests.map((request) => request.tools.some((spec) => spec.defer_loading))).toEqual([false, false]);
  });

  it("stops at the tool-round cap with a clear message", async () => {
    const read = fakeTool("Read", { readOnly: true });
    const { agent, model } = testAgent({
      tools: [read],
      maxRounds: 2,
      replies: [{ content: [use("t1", "Read")] }, { content: [use("t2", "Read")] }, { content: [text("never")] }],
    });

    const events = await turn(agent, "loop");

    expect(events.slice(-2)).toEqual([
      { type: "error", message: "Reached the limit of 2 tool rounds for this turn." },
      { type: "turn_end", reason: "max_rounds", numTurns: 2, resultText: "" },
    ]);
    expect(model.requests).toHaveLength(2);
  });

  it("reports a model error and goes on with the next turn", async () => {
    const { agent, model } = testAgent({
      replies: [
        { error: new MiniCcError("overloaded", "The API is overloaded (529). Try again shortly.") },
        { content: [text("Back.")] },
      ],
    });

    const failed = await turn(agent, "first");
    const next = await turn(agent, "second");

    expect(failed.slice(-2)).toEqual([
      { type: "error", message: "The API is overloaded (529). Try again shortly." },
      { type: "turn_end", reason: "error", numTurns: 1, resultText: "" },
    ]);
    expect(next.at(-1)).toEqual({ type: "turn_end", reason: "end_turn", numTurns: 1, resultText: "Back." });
    expect(model.requests[1]?.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "first" },
          { type: "text", text: "second" },
        ],
      },
    ]);
  });

  it("shows the system notes only on the first turn and keeps the conversation across turns", async () => {
    const { agent, model } = testAgent({ replies: [{ content: [text("One.")] }, { content: [text("Two.")] }] });

    await turn(agent, "a");
    const second = await turn(agent, "b");

    expect(second.filter((event) => event.type === "system_note")).toEqual([]);
    expect(model.requests[1]?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "a" }] },
      { role: "assistant", content: [text("One.")] },
      { role: "user", content: [{ type: "text", text: "b" }] },
    ]);
  });
});

describe("the saved session of a turn the API cut, paused, refused or the user stopped", () => {
  it("replays to the very messages the agent holds", async () => {
    const entries: ConversationEntry[] = [];
    const { agent } = testAgent({
      record: (entry) => entries.push(entry),
      replies: [
        { content: [text("part one, ")], stopReason: "max_tokens" },
        { content: [text("part two.")] },
        { content: [text("Searching…")], stopReason: "pause_turn" },
        { content: [text(" found.")] },
        { content: [], stopReason: "refusal" },
        { hang: true },
        { content: [text("ok")] },
      ],
    });
    await turn(agent, "long");
    await turn(agent, "search");
    await turn(agent, "refused one");
    const controller = new AbortController();
    for await (const event of agent.runTurn("stopped", controller.signal))
      if (event.type === "text_delta") controller.abort();
    await turn(agent, "again");

    expect(entries.map((entry) => entry.type)).toContain("note");
    expect(entries.map((entry) => entry.type)).toContain("refused");
    const replayed = new Conversation();
    replayed.replay(entries);
    expect(replayed.messages).toEqual(agent.messages);
    // Without the refusal the quick path (no images, no refusal) gives the same too.
    const upToRefusal = entries.slice(
      0,
      entries.findIndex((entry) => entry.type === "prompt" && entry.content === "refused one"),
    );
    const quick = new Conversation();
    quick.replay(upToRefusal);
    const slow = new Conversation();
    slow.replay([...upToRefusal, { type: "prompt", content: "x" }, { type: "refused" }]);
    expect(quick.messages).toEqual(slow.messages);
  });
});
