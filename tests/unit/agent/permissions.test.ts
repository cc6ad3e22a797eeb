import { describe, expect, it } from "vitest";
import { fakeTool, testAgent, text, turn, use } from "../../helpers/agent-fakes.ts";

const comment = () => fakeTool("mcp__tracker__add_comment");
const twoComments = [
  { content: [use("t1", "mcp__tracker__add_comment", { id: "BUG-101", body: "Fixed." })] },
  { content: [use("t2", "mcp__tracker__add_comment", { id: "BUG-102", body: "Later." })] },
  { content: [text("Done.")] },
];

describe("Agent permissions", () => {
  it("asks before a tool that needs approval and runs it when allowed once", async () => {
    const tool = comment();
    const { agent, asked } = testAgent({
      tools: [tool],
      replies: twoComments,
      decisions: [
        { behavior: "allow", scope: "once" },
        { behavior: "allow", scope: "once" },
      ],
    });

    const events = await turn(agent, "go");

    expect(asked[0]).toEqual({
      toolUseId: "t1",
      toolName: "mcp__tracker__add_comment",
      input: { id: "BUG-101", body: "Fixed." },
      summary: "mcp__tracker__add_comment(BUG-101)",
      reason: "needs approval",
    });
    expect(asked.map((request) => request.toolUseId)).toEqual(["t1", "t2"]);
    expect(events.map((event) => event.type)).not.toContain("permission_denied");
    expect(tool.calls).toEqual([
      { id: "BUG-101", body: "Fixed." },
      { id: "BUG-102", body: "Later." },
    ]);
  });

  it("stops asking for a tool allowed for the session", async () => {
    const tool = comment();
    const { agent, asked } = testAgent({
      tools: [tool],
      replies: twoComments,
      decisions: [{ behavior: "allow", scope: "session" }],
    });

    const events = await turn(agent, "go");

    expect(asked.map((request) => request.toolUseId)).toEqual(["t1"]);
    expect(tool.calls).toHaveLength(2);
    expect(events.at(-1)).toEqual({ type: "turn_end", reason: "end_turn", numTurns: 3, resultText: "Done." });
  });

  it("sends a denial with the user's message back to the model as an error result", async () => {
    const tool = comment();
    const { agent, model } = testAgent({
      tools: [tool],
      replies: [twoComments[0]!, { content: [text("OK, I won't.")] }],
      decisions: [{ behavior: "deny", message: "don't post on the tracker yet" }],
    });

    const events = await turn(agent, "go");

    const message = "The user denied this tool call. They said: don't post on the tracker yet";
    expect(tool.calls).toEqual([]);
    expect(events.filter((event) => event.type === "permission_denied" || event.type === "tool_result")).toEqual([
      { type: "permission_denied", id: "t1", name: "mcp__tracker__add_comment", message },
      {
        type: "tool_result",
        id: "t1",
        name: "mcp__tracker__add_comment",
        result: { content: message, isError: true },
        durationMs: 0,
      },
    ]);
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "t1", content: message, is_error: true }],
    });
  });

  it("says the permission was denied when the user gave no message", async () => {
    const { agent, model } = testAgent({
      tools: [comment()],
      replies: [twoComments[0]!, { content: [text("OK.")] }],
      decisions: [{ behavior: "deny" }],
    });

    await turn(agent, "go");

    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "t1",
          content: "Permission to use mcp__tracker__add_comment was denied.",
          is_error: true,
        },
      ],
    });
  });

  it("denies a write tool in plan mode without asking", async () => {
    const write = fakeTool("Write", { editsFiles: true, pathField: "file_path" });
    const { agent, asked } = testAgent({
      mode: "plan",
      tools: [write],
      replies: [
        { content: [use("t1", "Write", { file_path: "a.ts", content: "x" })] },
        { content: [text("Planned.")] },
      ],
    });

    const events = await turn(agent, "go");

    expect(asked).toEqual([]);
    expect(write.calls).toEqual([]);
    expect(events.find((event) => event.type === "permission_denied")).toEqual({
      type: "permission_denied",
      id: "t1",
      name: "Write",
      message: "Write is not allowed in plan mode: only read-only tools run.",
    });
  });

  it("runs read-only tools without asking", async () => {
    const list = fakeTool("mcp__tracker__list_issues", { readOnly: true });
    const { agent, asked } = testAgent({
      tools: [list],
      replies: [{ content: [use("t1", "mcp__tracker__list_issues", { status: "Todo" })] }, { content: [text("Two.")] }],
    });

    await turn(agent, "go");

    expect(asked).toEqual([]);
    expect(list.calls).toEqual([{ status: "Todo" }]);
  });
});
