import { cleanup, render } from "ink-testing-library";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { PromptInput } from "../../components/PromptInput.tsx";
import { MotionContext } from "../../components/motion-context.ts";
import { screen } from "../helpers/tui-screen.ts";

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
});
