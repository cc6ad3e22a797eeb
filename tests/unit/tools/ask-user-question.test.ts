import { describe, expect, it } from "vitest";
import { AskUserQuestionTool, NO_USER_MESSAGE } from "../../../src/tools/ask-user-question.ts";
import { UserQuestionQueue } from "../../../components/runtime/user-question-queue.ts";

const INPUT = {
  questions: [
    {
      question: "Which database?",
      header: "Database",
      options: [
        { label: "Postgres", description: "" },
        { label: "SQLite", description: "a file" },
      ],
      multiSelect: false,
    },
  ],
};
const ctx = (signal = new AbortController().signal) => ({ cwd: "/", signal });

describe("AskUserQuestion", () => {
  it("is a tool error saying no user is present when nobody can answer (print mode)", async () => {
    expect(await new AskUserQuestionTool().run(INPUT, ctx())).toEqual({ content: NO_USER_MESSAGE, isError: true });
  });

  it("never needs permission", () => {
    expect(new AskUserQuestionTool().readOnly).toBe(true);
  });

  it("names the field a bad input gets wrong", async () => {
    const bad = { questions: [{ ...INPUT.questions[0], options: [{ label: "only one", description: "" }] }] };
    expect(await new AskUserQuestionTool().run(bad, ctx())).toEqual({
      content: "AskUserQuestion: questions[0].options must be an array of 2 to 4 options",
      isError: true,
    });
  });

  it("returns the answers given through the queue, and a declined call as an error", async () => {
    const queue = new UserQuestionQueue();
    const tool = new AskUserQuestionTool(queue.ask);
    const answered = tool.run(INPUT, ctx());
    const pending = queue.getSnapshot().pending[0]!;
    expect(pending.questions[0]!.question).toBe("Which database?");
    queue.answer(pending.id, new Map([["Which database?", "SQLite"]]));
    expect(await answered).toEqual({
      content:
        'User has answered your questions: "Which database?"="SQLite". You can now continue with the user\'s answers in mind.',
      isError: false,
    });
    const abort = new AbortController();
    const declined = tool.run(INPUT, ctx(abort.signal));
    abort.abort();
    expect((await declined).isError).toBe(true);
    expect(queue.getSnapshot().pending).toEqual([]);
  });
});
