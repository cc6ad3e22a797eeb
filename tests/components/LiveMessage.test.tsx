import { cleanup, render } from "ink-testing-library";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { LiveMessage } from "../../components/transcript/LiveMessage.tsx";
import { MotionContext } from "../../components/motion-context.ts";
import { screen } from "../helpers/tui-screen.ts";

afterEach(cleanup);

const frame = (node: ReactNode) => screen(render(<MotionContext value={false}>{node}</MotionContext>).lastFrame());

describe("LiveMessage", () => {
  it("shows streamed text with the working line under it", () => {
    expect(frame(<LiveMessage text="Let me look at the" running waiting={false} />)).toMatchInlineSnapshot(`
      "● Let me look at the
      ⠋ Working… (esc to interrupt)"
    `);
  });

  it("hides the working line while a modal waits for the user", () => {
    expect(frame(<LiveMessage text="" running waiting />)).toBe("");
  });
});
