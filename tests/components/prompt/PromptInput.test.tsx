import { cleanup, render } from "ink-testing-library";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { usePromptInput } from "../../../components/prompt/usePromptInput.ts";
import { PromptInput } from "../../../components/prompt/PromptInput.tsx";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import { screen, typeKeys } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const frame = (node: ReactNode) => screen(render(<MotionContext value={false}>{node}</MotionContext>).lastFrame());

describe("PromptInput", () => {
  it("shows the placeholder when empty", () => {
    expect(
      frame(<PromptInput state={{ value: "", cursor: 0 }} isActive placeholder="Ask anything, or /help" />),
    ).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────────────────────────────────────────────╮
      │ ❯ Ask anything, or /help                                                                         │
      ╰──────────────────────────────────────────────────────────────────────────────────────────────────╯"
    `);
  });

  it("shows the typed text", () => {
    expect(
      frame(<PromptInput state={{ value: "fix BUG-101", cursor: 3 }} isActive={false} placeholder="" />),
    ).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────────────────────────────────────────────╮
      │ ❯ fix BUG-101                                                                                    │
      ╰──────────────────────────────────────────────────────────────────────────────────────────────────╯"
    `);
  });

  it("shows the lines of a multi-line prompt under each other, the cursor on the first line's end", () => {
    const app = render(<PromptInput state={{ value: "first\nsecond", cursor: 5 }} isActive placeholder="" />);
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────────────────────────────────────────────╮
      │ ❯ first                                                                                          │
      │   second                                                                                         │
      ╰──────────────────────────────────────────────────────────────────────────────────────────────────╯"
    `);
  });

  it("edits with the readline keys, several arriving in one read, and never shows a control character", async () => {
    const { app, sent, field } = promptField();
    await typeKeys(app.stdin, "old draft", "\u0015\u0015", "fix the bgu", "\u0017", "bug", "\u0001please ", "\u0005");
    expect(field()).toBe("❯ please fix the bug");
    // Alt+B twice, Alt+Backspace, Alt+F, Alt+D, then Ctrl+E, text, a bell and Enter in one read.
    await typeKeys(app.stdin, "\u001bb", "\u001bb", "\u001b\u007f", "\u001bf", "\u001bd");
    expect(field()).toBe("❯ please the");
    await typeKeys(app.stdin, "\u0001\u0005 now\u0007\r");
    expect(sent).toEqual(["please the now"]);
  });

  it("recalls older prompts with Up and goes back toward newer ones with Down", async () => {
    const { app, sent, field } = promptField();
    await typeKeys(app.stdin, "fix BUG-101", "\r", "/mcp", "\r", "draft", UP, UP, DOWN);
    expect(sent).toEqual(["fix BUG-101", "/mcp"]);
    expect(field()).toBe("❯ /mcp");
    await typeKeys(app.stdin, DOWN);
    expect(field()).toBe("❯ draft");
  });
});

/** A live prompt field: what it submitted, and its text line as shown. */
function promptField() {
  const sent: string[] = [];
  // biome-ignore lint/correctness/noComponentHookFactories: one field per test, closing over what it sent.
  function Field() {
    const noop = () => {};
    const onSubmit = (line: string) => sent.push(line) > 0;
    const prompt = usePromptInput({ isActive: true, onSubmit, onEscape: noop, onCycleMode: noop, onEof: noop });
    return <PromptInput state={prompt.state} isActive placeholder="" />;
  }
  const app = render(
    <MotionContext value={false}>
      <Field />
    </MotionContext>,
  );
  const field = () => screen(app.lastFrame()).split("\n")[1]?.slice(2).trimEnd().replace(/ *│$/, "");
  return { app, sent, field };
}

const UP = "\u001b[A";
const DOWN = "\u001b[B";
