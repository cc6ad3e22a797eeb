import { cleanup, render } from "ink-testing-library";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { usePromptInput } from "../../components/text-input/usePromptInput.ts";
import { PromptInput } from "../../components/text-input/PromptInput.tsx";
import { MotionContext } from "../../components/motion-context.ts";
import { screen, typeKeys } from "../helpers/tui-screen.ts";

afterEach(cleanup);

const frame = (node: ReactNode) => screen(render(<MotionContext value={false}>{node}</MotionContext>).lastFrame());

describe("PromptInput", () => {
  it("shows the placeholder when empty", () => {
    expect(frame(<PromptInput state={{ value: "", cursor: 0 }} isActive placeholder="Ask anything, or /help" />)).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────────────────────────────────────────────╮
      │ ❯ Ask anything, or /help                                                                         │
      ╰──────────────────────────────────────────────────────────────────────────────────────────────────╯"
    `);
  });

  it("shows the typed text", () => {
    expect(frame(<PromptInput state={{ value: "fix BUG-101", cursor: 3 }} isActive={false} placeholder="" />)).toMatchInlineSnapshot(`
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

  it("recalls older prompts with Up and goes back toward newer ones with Down", async () => {
    const sent: string[] = [];
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
    await typeKeys(app.stdin, "fix BUG-101", "\r", "/mcp", "\r", "draft", UP, UP, DOWN);
    expect(sent).toEqual(["fix BUG-101", "/mcp"]);
    const field = () => screen(app.lastFrame()).split("\n")[1]?.slice(2).trimEnd().replace(/ *│$/, "");
    expect(field()).toBe("❯ /mcp");
    await typeKeys(app.stdin, DOWN);
    expect(field()).toBe("❯ draft");
  });
});

const UP = "\u001b[A";
const DOWN = "\u001b[B";
