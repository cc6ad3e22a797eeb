import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { ServerQuestionModal } from "../../../components/questions/ServerQuestionModal.tsx";
import type { ServerQuestion } from "../../../src/mcp/requests/server-requests.ts";
import { screen, renderUntilRendered, typeKeys } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

async function modal(question: ServerQuestion, maxHeight = 30) {
  const answers: unknown[] = [];
  const app = await renderUntilRendered(
    <ServerQuestionModal
      pending={{ id: 1, question }}
      modelName="claude-test"
      isActive
      onAnswer={(a) => answers.push(a)}
      width={70}
      maxHeight={maxHeight}
    />,
  );
  return { app, answers, press: (...keys: string[]) => typeKeys(app.stdin, ...keys) };
}

const SAMPLING: ServerQuestion = {
  kind: "sampling-request",
  server: "asker",
  request: {
    systemPrompt: "You answer in one word.",
    messages: [
      { role: "user", text: "What colour is the sky?" },
      { role: "assistant", text: "Blue." },
      { role: "user", text: "And at night?\u001b[2J" },
    ],
    maxTokens: 50,
    preferences: "hints: claude-haiku · speed 0.8",
  },
};

describe("ServerQuestionModal", () => {
  it("shows a sampling request: server, system prompt, messages, max tokens and the hints", async () => {
    const { app } = await modal(SAMPLING);
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭────────────────────────────────────────────────────────────────────╮
      │ asker wants to use the model                                       │
      │   System prompt                                                    │
      │     You answer in one word.                                        │
      │   user                                                             │
      │     What colour is the sky?                                        │
      │   assistant                                                        │
      │     Blue.                                                          │
      │   user                                                             │
      │     And at night?\\x1b[2J                                           │
      │                                                                    │
      │   max tokens: 50 · model: claude-test                              │
      │   the server prefers (a hint only): hints: claude-haiku · speed    │
      │   0.8                                                              │
      │                                                                    │
      │ ❯ 1. Run it through the model (you see the reply first)            │
      │   2. Reject                                                        │
      │                                                                    │
      │ ↑/↓ j/k move · Enter or 1-2 choose · Esc reject                    │
      ╰────────────────────────────────────────────────────────────────────╯"
    `);
  });

  it("approves a sampling request with 1 and rejects with Esc", async () => {
    const approved = await modal(SAMPLING);
    await approved.press("1");
    expect(approved.answers).toEqual(["approve"]);
    const rejected = await modal(SAMPLING);
    await rejected.press("\u001b");
    expect(rejected.answers).toEqual(["reject"]);
  });

  it("scrolls a long sampling request", async () => {
    const long: ServerQuestion = {
      ...SAMPLING,
      request: { ...SAMPLING.request, systemPrompt: Array.from({ length: 30 }, (_, i) => `rule ${i + 1}`).join("\n") },
    } as ServerQuestion;
    const { app } = await modal(long, 14);
    expect(screen(app.lastFrame())).toContain("lines below");
  });

  it("shows the model's reply before it goes back, with the choice to reject it", async () => {
    const { app, press, answers } = await modal({
      kind: "sampling-reply",
      server: "asker",
      reply: { text: "Black.", model: "claude-test", stopReason: "endTurn" },
    });
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭────────────────────────────────────────────────────────────────────╮
      │ Send this reply to asker?                                          │
      │   Black.                                                           │
      │                                                                    │
      │   model: claude-test · stop: endTurn                               │
      │                                                                    │
      │ ❯ 1. Send it                                                       │
      │   2. Reject it                                                     │
      │                                                                    │
      │ ↑/↓ j/k move · Enter or 1-2 choose · Esc reject                    │
      ╰────────────────────────────────────────────────────────────────────╯"
    `);
    await press("2");
    expect(answers).toEqual(["reject"]);
  });

  it("shows a URL with its host and opens it only when chosen", async () => {
    const { app, press, answers } = await modal({
      kind: "elicit-url",
      server: "asker",
      message: "Sign in to the example service",
      url: "https://example.com/login?session=42",
    });
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭────────────────────────────────────────────────────────────────────╮
      │ asker asks you to open a link                                      │
      │   Sign in to the example service                                   │
      │                                                                    │
      │   https://example.com/login?session=42                             │
      │   host: example.com                                                │
      │                                                                    │
      │ ❯ 1. Open it in the browser                                        │
      │   2. I'll open it myself (copy the URL above)                      │
      │   3. Decline                                                       │
      │   4. Cancel                                                        │
      │                                                                    │
      │ ↑/↓ j/k move · Enter or 1-4 choose · Esc cancel                    │
      ╰────────────────────────────────────────────────────────────────────╯"
    `);
    await press("1");
    expect(answers).toEqual(["open"]);
  });
});
