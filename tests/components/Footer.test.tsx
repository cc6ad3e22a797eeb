import { cleanup, render } from "ink-testing-library";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "../../components/Footer.tsx";
import { MotionContext } from "../../components/motion-context.ts";
import { screen } from "../helpers/tui-screen.ts";

afterEach(cleanup);

const frame = (node: ReactNode) => screen(render(<MotionContext value={false}>{node}</MotionContext>).lastFrame());

describe("Footer", () => {
  it("shows mode, model, directory and the help hint", () => {
    expect(frame(<Footer permissionMode="acceptEdits" modelName="claude-sonnet" cwd="~/proj" running={false} />)).toMatchInlineSnapshot(`" ⏵ acceptEdits · claude-sonnet · ~/proj                                      shift+tab mode · /help"`);
  });

  it("shows the interrupt hint while a turn runs and the MCP summary when given", () => {
    expect(
      frame(<Footer permissionMode="default" modelName="m" cwd="~" running mcpSummary="MCP 1/2 connected · 3 tools" />),
    ).toMatchInlineSnapshot(`" ⏵ default · MCP 1/2 connected · 3 tools · m · ~                                   esc to interrupt"`);
  });
});
