import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { AskUserQuestionModal } from "../../../components/questions/AskUserQuestionModal.tsx";
import type { UserQuestion } from "../../../src/tools/ask-user-question.ts";
import { screen, renderUntilRendered, typeKeys } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const SINGLE: UserQuestion = {
  question: "Which database?",
  header: "Database",
  options: [
    { label: "Postgres", description: "a server" },
    { label: "SQLite", description: "a file" },
  ],
  multiSelect: false,
};
const MULTI: UserQuestion = {
  ...SINGLE,
  question: "Which features?",
  header: "Features",
  options: [
    { label: "Auth", description: "" },
    { label: "Search", description: "" },
    { label: "Export", description: "" },
  ],
  multiSelect: true,
};

async function modal(questions: UserQuestion[], isActive = true) {
  const answers: Array<string | undefined> = [];
  const app = await renderUntilRendered(
    <AskUserQuestionModal
      questions={questions}
      index={0}
      isActive={isActive}
      onAnswer={(a) => answers.push(a)}
      width={60}
      maxHeight={20}
    />,
  );
  return { app, answers, press: (...keys: string[]) => typeKeys(app.stdin, ...keys) };
}

describe("AskUserQuestionModal", () => {
  it("shows a single-choice question with its options and Other…, and a digit answers with the label", async () => {
    const { app, answers, press } = await modal([SINGLE, MULTI]);
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ 1/2 Database Which database?                             │
      │ The model asks:                                          │
      │                                                          │
      │ ❯ 1. Postgres — a server                                 │
      │   2. SQLite — a file                                     │
      │   3. Other…                                              │
      │                                                          │
      │ ↑/↓ j/k move · Enter or 1-3 choose · Esc decline         │
      ╰──────────────────────────────────────────────────────────╯"
    `);
    await press("2");
    expect(answers).toEqual(["SQLite"]);
  });

  it("takes the user's own words through Other…, and Esc declines", async () => {
    const own = await modal([SINGLE]);
    await own.press("3", "DuckDB", "\r");
    expect(own.answers).toEqual(["DuckDB"]);
    const declined = await modal([SINGLE]);
    await declined.press("\u001b");
    expect(declined.answers).toEqual([undefined]);
  });

  it("ticks several options of a multiple-choice question and answers them joined", async () => {
    const { app, answers, press } = await modal([MULTI]);
    await press("1", "3");
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ Features Which features?                                 │
      │                                                          │
      │ ❯ [x] 1. Auth                                            │
      │   [ ] 2. Search                                          │
      │   [x] 3. Export                                          │
      │   Done                                                   │
      │ ↑/↓ move · Space or digit tick · Enter answer · Esc      │
      │ decline                                                  │
      ╰──────────────────────────────────────────────────────────╯"
    `);
    await press("\r");
    expect(answers).toEqual(["Auth, Export"]);
  });

  it("answers nothing until armed", async () => {
    const { answers, press } = await modal([SINGLE], false);
    await press("1", "\r");
    expect(answers).toEqual([]);
  });
});
