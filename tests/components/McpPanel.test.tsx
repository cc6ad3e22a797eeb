import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup } from "ink-testing-library";
import { McpPanel } from "../../components/mcp-panel/McpPanel.tsx";
import { MotionContext } from "../../components/motion-context.ts";
import { mcpSummaryText } from "../../src/tui/mcp-summary.ts";
import { connected, server, toolInfo, TRACKER_TOOLS } from "../helpers/tui-fixtures.ts";
import { screen } from "../helpers/tui-screen.ts";

afterEach(cleanup);

const ALL_STATUSES = [
  server("tracker", connected(TRACKER_TOOLS), "project"),
  server("memory", { status: "pending" }, "user"),
  server("browser", { status: "reconnecting", attempt: 2 }, "local"),
  server("broken", { status: "failed", error: "Error: spawn nope-not-installed ENOENT\n    at stack", code: "command-not-found" }, "flag"),
  server("archive", { status: "disabled", reason: "not approved for this project" }, "local"),
  server("shared", { status: "needs-approval" }, "project"),
];

function panel(servers = ALL_STATUSES) {
  const summary = mcpSummaryText({ servers });
  return render(
    <MotionContext value={false}>
      <McpPanel servers={servers} summary={summary} width={36} />
    </MotionContext>,
  );
}

describe("McpPanel", () => {
  it("shows every status with its glyph, source and label, and failure reasons on a second line", () => {
    expect(screen(panel().lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────╮
      │ MCP 1/6 connected · 3 tools      │
      │ ● tracker     project 3 tools    │
      │ ◌ memory      user    ⠋ starting │
      │ ◌ browser     local   ⠋ retry 2  │
      │ ✘ broken      flag    failed     │
      │   spawn nope-not-installed ENOE… │
      │ ○ archive     local   disabled   │
      │   not approved for this project  │
      │ ? shared      project approve?   │
      ╰──────────────────────────────────╯"
    `);
  });

  it("counts one tool in the singular", () => {
    const one = [server("solo", connected([toolInfo("ping")]), "user")];
    expect(screen(panel(one).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────╮
      │ MCP 1/1 connected · 1 tool       │
      │ ● solo        user    1 tool     │
      ╰──────────────────────────────────╯"
    `);
  });

  it("says when no server is configured", () => {
    expect(screen(panel([]).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────╮
      │ MCP no servers                   │
      │ none configured                  │
      ╰──────────────────────────────────╯"
    `);
  });

  it("cuts a long server name rather than wrapping the row", () => {
    const long = [server("a-server-with-a-very-long-name", connected(TRACKER_TOOLS), "user")];
    expect(screen(panel(long).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────╮
      │ MCP 1/1 connected · 3 tools      │
      │ ● a-server-w… user    3 tools    │
      ╰──────────────────────────────────╯"
    `);
  });
});
