import { describe, expect, it } from "vitest";
import { BYPASS_QUESTION, questionShown, type WaitingQuestions } from "../../../../components/app/question-shown.ts";

const ALL: WaitingQuestions = {
  settings: { fingerprint: "f1" },
  server: { name: "tracker" },
  permission: { id: 3 },
  serverQuestion: { id: 4 },
  userQuestion: "ask-user:5:0",
  picker: { id: 6 },
  bypass: true,
};

describe("the question on screen", () => {
  it("is the settings file's, then a server's approval, a tool's, a server's question, the model's, a picker, and last the bypass line", () => {
    const shown: Array<string | undefined> = [];
    const waiting: Record<string, unknown> = { ...ALL };
    for (const field of ["settings", "server", "permission", "serverQuestion", "userQuestion", "picker"]) {
      shown.push(questionShown(waiting as unknown as WaitingQuestions));
      delete waiting[field];
    }
    shown.push(questionShown(waiting as unknown as WaitingQuestions));
    shown.push(questionShown({ bypass: false }));
    expect(shown).toEqual([
      "settings:f1",
      "server:tracker",
      "tool:3",
      "ask:4",
      "ask-user:5:0",
      "pick:6",
      BYPASS_QUESTION,
      undefined,
    ]);
  });
});
