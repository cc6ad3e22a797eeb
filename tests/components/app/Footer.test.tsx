import { Box } from "ink";
import { cleanup, render } from "ink-testing-library";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "../../../components/app/Footer.tsx";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import { screen } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const frame = (node: ReactNode) => screen(render(<MotionContext value={false}>{node}</MotionContext>).lastFrame());

describe("Footer", () => {
  it("shows mode, model, directory and the help hint", () => {
    expect(
      frame(<Footer permissionMode="acceptEdits" modelName="claude-sonnet" cwd="~/proj" running={false} />),
    ).toMatchInlineSnapshot(
      `" ⏵ acceptEdits · claude-sonnet · ~/proj                                      shift+tab mode · /help"`,
    );
  });

  it("shows the sandbox beside the mode when Bash runs in it", () => {
    expect(
      frame(<Footer permissionMode="default" sandboxed modelName="m" cwd="~" running={false} />),
    ).toMatchInlineSnapshot(
      `" ⏵ default ▣ sandbox · m · ~                                                 shift+tab mode · /help"`,
    );
  });

  it("shows the interrupt hint while a turn runs and the MCP counts first when given", () => {
    expect(
      frame(<Footer permissionMode="default" modelName="m" cwd="~" running mcpCounts="MCP 1/2" />),
    ).toMatchInlineSnapshot(
      `" MCP 1/2 · ⏵ default · m · ~                                                       esc to interrupt"`,
    );
  });

  it("keeps the MCP counts whole on a narrow terminal, cutting the directory instead", () => {
    const footer = (
      <Footer
        permissionMode="default"
        modelName="script:ch15.json"
        cwd="~/work/projects/blog"
        running={false}
        mcpCounts="MCP ✘1 ?1 · 4/6"
      />
    );
    const narrow = render(<Box width={60}>{footer}</Box>);
    expect(screen(narrow.lastFrame())).toMatchInlineSnapshot(
      `" MCP ✘1 ?1 · 4/6 · ⏵ default · scr…  shift+tab mode · /help"`,
    );
    const tiny = render(<Box width={40}>{footer}</Box>);
    // Too narrow for even the counts and the hint: the line ends at the edge, never wraps past it.
    expect(screen(tiny.lastFrame())).toMatchInlineSnapshot(`" MCP ✘1 ?1 · 4/6 ·   shift+tab mode · /h"`);
  });
});
