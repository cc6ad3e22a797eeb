import { Box } from "ink";
import { cleanup, render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { CompletionList } from "../../../components/prompt/CompletionList.tsx";
import { completionMenu, type CompletionSources } from "../../../components/prompt/completion.ts";
import { screen } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const sources: CompletionSources = {
  commands: [
    { name: "mcp", description: "MCP servers: status, tools (-v), restart one, approve one", usage: ["/mcp [-v]"] },
    { name: "mcp__docs__summarise", description: "Summarise a page", usage: ["/mcp__docs__summarise <page>"] },
  ],
  resources: [
    { server: "docs", uri: "docs://guide/intro", name: "Intro", description: "The introduction" },
    { server: "docs", uri: "docs://guide/setup", name: "Setup" },
  ],
};

function list(value: string, selected: number, width = 70): string {
  const menu = completionMenu(value, value.length, sources);
  if (!menu) throw new Error("no menu");
  return screen(
    render(
      <Box width={width}>
        <CompletionList menu={menu} selected={selected} />
      </Box>,
    ).lastFrame(),
  );
}

describe("CompletionList", () => {
  it("lists slash commands and server prompts with their descriptions, the chosen one marked", () => {
    expect(list("/m", 1)).toMatchInlineSnapshot(`
      "    /mcp [-v]                     MCP servers: status, tools (-v), …
        › /mcp__docs__summarise <page>  Summarise a page
        Tab to complete · ↑/↓ to choose"
    `);
  });

  it("lists @server:uri resources, cutting long rows on a narrow terminal", () => {
    expect(list("see @docs", 0, 40)).toMatchInlineSnapshot(`
      "  › @docs:docs://guide/intro  The int…
          @docs:docs://guide/setup  Setup
        Tab to complete · ↑/↓ to choose"
    `);
  });
});
