import { describe, expect, it } from "vitest";
import { Agent } from "../../../src/agent/agent.ts";
import type { AgentEvent } from "../../../src/agent/events.ts";
import type { Message } from "../../../src/model/messages.ts";
import { textResult, type ToolContext } from "../../../src/tools/tool.ts";
import { fakeTool, testAgent, text, turn, use } from "../../helpers/agent-fakes.ts";

/** Every tool_use in the messages has a tool_result in the message right after it. */
function unansweredToolUses(messages: readonly Message[]): string[] {
  const missing: string[] = [];
  messages.forEach((message, index) => {
    if (message.role !== "assistant") return;
    const next = messages[index + 1];
    const answered = new Set(
      next?.role === "user" && Array.isArray(next.content)
        ? next.content.flatMap((block) => (block.type === "tool_result" ? [block.tool_use_id] : []))
        : [],
    );
    for (const block of message.content)
      if (block.type === "tool_use" && !answered.has(block.id)) missing.push(block.id);
  });
  return missing;
}

/** Runs a turn, aborting when `when` first matches an event. */
async function turnAbortedAt(agent: Agent, when: (event: AgentEvent) => boolean): Promise<AgentEvent[]> {
  const controller = new AbortController();
  const events: AgentEvent[] = [];
  for await (const event of agent.runTurn("go", controller.signal)) {
    events.push(event);
    if (when(event)) controller.abort();
  }
  return events;
}

describe("Agent abort", () => {
  it("cancels a slow tool through its signal and keeps the conversation valid", async () => {
    let seen: ToolContext["signal"] | undefined;
    const slow = fakeTool("Bash", {
      readOnly: true,
      run: (_input, ctx) => {
        seen = ctx.signal;
        return new Promise((resolve) =>
          ctx.signal.addEventListener("abort", () => resolve(textResult("killed", true))),
        );
      },
    });
    const { agent, model } = testAgent({
      tools: [slow],
      replies: [
        { content: [use("t1", "Bash", { command: "sleep 100" }), use("t2", "Bash", { command: "ls" })] },
        { content: [text("Fresh start.")] },
      ],
    });

    const events = await turnAbortedAt(agent, (event) => event.type === "tool_call");
    const next = await turn(agent, "again");

    expect(seen?.aborted).toBe(true);
    expect(slow.calls).toEqual([{ command: "sleep 100" }]);
    expect(events.slice(-2)).toEqual([
      {
        type: "tool_result",
        id: "t1",
        name: "Bash",
        result: { content: "Interrupted by user", isError: true },
        durationMs: 5,
      },
      { type: "turn_end", reason: "aborted", numTurns: 1, resultText: "" },
    ]);
    expect(next.at(-1)).toEqual({ type: "turn_end", reason: "end_turn", numTurns: 1, resultText: "Fresh start." });
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "t1", content: "Interrupted by user", is_error: true },
        { type: "tool_result", tool_use_id: "t2", content: "Interrupted by user", is_error: true },
        { type: "text", text: "[Request interrupted by user]" },
        { type: "text", text: "again" },
      ],
    });
    expect(unansweredToolUses(model.requests[1]?.messages ?? [])).toEqual([]);
  });

  it("stops the model stream on abort, keeping the text shown and telling the model it was interrupted", async () => {
    const { agent, model } = testAgent({ replies: [{ hang: true }, { content: [text("Hello again.")] }] });

    const events = await turnAbortedAt(agent, (event) => event.type === "text_delta");
    await turn(agent, "again");

    expect(model.signals[0]?.aborted).toBe(true);
    expect(events.at(-1)).toEqual({ type: "turn_end", reason: "aborted", numTurns: 1, resultText: "" });
    expect(model.requests[1]?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "go" }] },
      { role: "assistant", content: [{ type: "text", text: "thinking" }] },
      {
        role: "user",
        content: [
          { type: "text", text: "[Request interrupted by user]" },
          { type: "text", text: "again" },
        ],
      },
    ]);
  });

  it("stops waiting for a permission answer on abort", async () => {
    const tool = fakeTool("Write", { editsFiles: true });
    let promptSignal: AbortSignal | undefined;
    const { agent, model } = testAgent({
      tools: [tool],
      replies: [{ content: [use("t1", "Write")] }, { content: [text("ok")] }],
      // A prompt that never answers: only the abort can end the wait.
      ask: (_request, signal) => {
        promptSignal = signal;
        return new Promise(() => {});
      },
    });

    // The call is announced, then the agent waits on the prompt: abort while it waits.
    const events = await turnAbortedAt(agent, (event) => event.type === "tool_call");
    await turn(agent, "again");

    expect(promptSignal?.aborted).toBe(true);
    expect(tool.calls).toEqual([]);
    expect(events.slice(-2)).toEqual([
      {
        type: "tool_result",
        id: "t1",
        name: "Write",
        result: {
          content:
            "The user stopped the turn at this call's approval: it did not run. Stop and wait for the user's next message.",
          isError: true,
        },
        durationMs: 0,
      },
      { type: "turn_end", reason: "aborted", numTurns: 1, resultText: "" },
    ]);
    expect(unansweredToolUses(model.requests[1]?.messages ?? [])).toEqual([]);
  });
});
