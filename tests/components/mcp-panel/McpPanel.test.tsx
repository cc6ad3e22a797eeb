import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup } from "ink-testing-library";
import { McpPanel } from "../../../components/mcp-panel/McpPanel.tsx";
import { panelWidth } from "../../../components/mcp-panel/panel-width.ts";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import { mcpSummaryText } from "../../../components/mcp-panel/mcp-summary.ts";
import { connected, server, toolInfo, TRACKER_TOOLS } from "../../helpers/tui-fixtures.ts";
import { screen } from "../../helpers/tui-screen.ts";
import type { ServerView } from "../../../src/mcp/state/server-state.ts";

afterEach(cleanup);

const ALL_STATUSES = [
  server("tracker", connected(TRACKER_TOOLS), "project"),
  server("memory", { status: "pending" }, "user"),
  server("browser", { status: "reconnecting", attempt: 2 }, "local"),
  server(
    "broken",
    { status: "failed", error: "Error: spawn nope-not-installed ENOENT\n    at stack", code: "command-not-found" },
    "flag",
  ),
  server("archive", { status: "disabled", reason: "not approved for this project", cause: "not-approved" }, "local"),
  server("shared", { status: "needs-approval" }, "project"),
];

function panel(servers = ALL_STATUSES, width = 36) {
  const summary = mcpSummaryText({ servers });
  return render(
    <MotionContext value={false}>
      <McpPanel servers={servers} summary={summary} width={width} />
    </MotionContext>,
  );
}

describe("McpPanel", () => {
  it("shows escape sequences in a server's name and failure reason as text, never sends them", () => {
    const hostile = [
      server(
        "evil\u001b[2J",
        { status: "failed", error: "boom\u001b]52;c;aGk=\u0007 done", code: "connect-failed" },
        "project",
      ),
    ];
    const frame = panel(hostile).lastFrame() ?? "";
    expect(frame).not.toContain("\u001b]52");
    expect(frame).not.toContain("\u001b[2J");
    expect(frame).not.toContain("\u0007");
    expect(frame).toContain("evil\\x1b[2J");
    expect(frame).toContain("\\x1b]52;c;aGk=");
  });

  it("takes about a quarter of the terminal, within bounds, and hides below 90 columns", () => {
    expect([80, 89, 90, 100, 160, 200, 300].map(panelWidth)).toEqual([0, 0, 36, 36, 40, 50, 60]);
  });

  const failures = [
    server(
      "github",
      {
        status: "failed",
        error: "Error: connect ECONNREFUSED 127.0.0.1:3000 (is the server running?)",
        code: "connect-failed",
      },
      "user",
    ),
    server("tracker", connected(TRACKER_TOOLS), "project"),
  ];

  it("wraps a failure reason at 100 columns so it is read whole", () => {
    expect(screen(panel(failures, panelWidth(100)).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────╮
      │ MCP 1/2 connected · 3 tools      │
      │ ✘ github      user    failed     │
      │   connect ECONNREFUSED           │
      │   127.0.0.1:3000 (is the server  │
      │   running?)                      │
      │ ● tracker     project 3 tools    │
      ╰──────────────────────────────────╯"
    `);
  });

  it("gives a failure reason more room at 160 columns", () => {
    expect(screen(panel(failures, panelWidth(160)).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────╮
      │ MCP 1/2 connected · 3 tools          │
      │ ✘ github          user    failed     │
      │   connect ECONNREFUSED               │
      │   127.0.0.1:3000 (is the server      │
      │   running?)                          │
      │ ● tracker         project 3 tools    │
      ╰──────────────────────────────────────╯"
    `);
  });

  it("shows every status with its glyph, source and label, and failure reasons on a second line", () => {
    expect(screen(panel().lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────╮
      │ MCP 1/6 connected · 3 tools      │
      │ ● tracker     project 3 tools    │
      │ ◌ memory      user    ⠋ starting │
      │ ◌ browser     local   ⠋ retry 2  │
      │ ✘ broken      flag    failed     │
      │   spawn nope-not-installed       │
      │   ENOENT                         │
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

  it("shows a server offered from the tool cache as ready (cached), apart from connected ones, and says when a live list changed", () => {
    const servers = [
      server("tracker", { status: "cached", tools: TRACKER_TOOLS, instructions: "" }, "project"),
      server(
        "memory",
        {
          status: "connected",
          tools: [toolInfo("ping")],
          instructions: "",
          connectMs: 5,
          cacheNote: "tools changed since cached: added ping; removed pong",
        },
        "user",
      ),
    ];
    expect(screen(panel(servers).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────╮
      │ MCP 1/2 · 1 cached · 4 tools     │
      │ ◍ tracker     project 3 cached   │
      │ ● memory      user    1 tool     │
      │   tools changed since cached:    │
      │   added ping; removed pong       │
      ╰──────────────────────────────────╯"
    `);
  });

  it("lists agent-scoped servers under their agent, with the same live states, after the main conversation's", () => {
    const forAgents = (view: ServerView, agents: string[]): ServerView => ({ ...view, forAgents: { agents } });
    const servers = [
      forAgents(server("playwright", { status: "pending" }, "project"), ["qa"]),
      server("tracker", connected(TRACKER_TOOLS), "project"),
      forAgents(server("db", { status: "standby" }, "user"), []),
      forAgents(server("browser", connected([toolInfo("open")]), "project"), ["qa"]),
      forAgents(server("evil", { status: "standby" }, "project"), ["x\u001b[2J"]),
    ];
    expect(screen(panel(servers).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────╮
      │ MCP 1/1 connected · 3 tools      │
      │ ● tracker     project 3 tools    │
      │ agent qa                         │
      │ ◌ playwright  project ⠋ starting │
      │ ● browser     project 1 tool     │
      │ for agents                       │
      │ ◇ db          user    standby    │
      │ agent x\\x1b[2J                   │
      │ ◇ evil        project standby    │
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
