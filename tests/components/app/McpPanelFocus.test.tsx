import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../../components/app/App.tsx";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import { ClockContext } from "../../../components/runtime/useClock.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { ChatSession } from "../../../components/session/chat-session.ts";
import type { ServerView } from "../../../src/mcp/state/server-state.ts";
import type { ServerHealth } from "../../../src/mcp/state/server-state.ts";
import { connected, fakeRuntime, RecordingMcp, server, toolInfo } from "../../helpers/tui-fixtures.ts";
import { eventually, renderUntilRendered, screen, typeKeys, untilRendered } from "../../helpers/tui-screen.ts";

// Approval times are shown on the local clock: the snapshots are read in UTC.
process.env.TZ = "UTC";

afterEach(cleanup);

const ENTER = "\r";
const ESC = "\u001b";
const TAB = "\t";
const DOWN = "\u001b[B";
const ROWS = 40;

const HEALTH: ServerHealth = {
  history: [
    { status: "pending", at: 0 },
    { status: "connected", at: 412 },
  ],
  reconnects: 0,
};

const TRACKER_USAGE = {
  list_issues: { calls: 3, errors: 0, maxMs: 20, recentMs: [14, 12, 20] },
  add_comment: { calls: 1, errors: 1, maxMs: 31, recentMs: [31] },
};

const TOOLS = [
  toolInfo("list_issues", true, { title: "List issues" }),
  {
    ...toolInfo("get_issue", true),
    description: "Get one issue by its id.",
    inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  },
  toolInfo("add_comment", false, { destructiveHint: false, openWorldHint: true }),
  toolInfo("delete_issue", false, { destructiveHint: true }),
];

const TRACKER: ServerView = {
  ...server(
    "tracker",
    {
      status: "connected",
      tools: TOOLS,
      connectMs: 412,
      instructions: "Use list_issues first.\nIds look like BUG-101.",
    },
    "project",
    {
      command: "node",
      args: ["examples/mcp_tracker_server.ts"],
      env: { TRACKER_TOKEN: "${TRACKER_TOKEN}" },
    },
  ),
  health: HEALTH,
};
const BROKEN: ServerView = {
  ...server(
    "broken",
    { status: "failed", error: "server exited (code 1) before the handshake", code: "connect-failed" },
    "user",
  ),
  health: {
    history: [
      { status: "pending", at: 0 },
      { status: "failed", at: 95 },
      { status: "reconnecting", at: 1100 },
      { status: "failed", at: 1180 },
    ],
    reconnects: 1,
    lastFailure: "server exited (code 1) before the handshake",
  },
};
// Declined this time: a server still waiting for approval would hold the keys in its modal, not the panel.
const CHANGED = server("shared", { status: "disabled", reason: "declined by user", cause: "declined" }, "project", {
  command: "node",
  args: ["shared.js", "--port", "4000", "--verbose"],
});
const REMOTE = server("web", { status: "disabled", reason: "disabled by user", cause: "user" }, "local", {
  type: "http",
  url: "https://mcp.example.com/mcp",
  headers: { Authorization: "Bearer ${TOKEN}", "X-Team": "secret-team-value" },
});
const SERVERS = [TRACKER, BROKEN, CHANGED, REMOTE];

async function app(columns: number, servers: readonly ServerView[] = SERVERS) {
  const mcp = new RecordingMcp(servers);
  mcp.usage.update(() => new Map([["tracker", TRACKER_USAGE]]));
  mcp.detailsOf.set("tracker", {
    approval: { status: "approved", approvedAt: "2026-05-01T10:00:00.000Z" },
    logPath: "~/.mini-cc/logs/mcp-tracker.log",
    logTail: ["tracker ready on stdio"],
  });
  mcp.detailsOf.set("broken", {
    logPath: "~/.mini-cc/logs/mcp-broken.log",
    logTail: [
      "--- 2026-05-01T10:00:00.000Z mini-cc started broken: node broken.js",
      "Error: Cannot find module 'left-pad'",
      "\u001b[31mexit 1\u001b[0m",
    ],
  });
  mcp.detailsOf.set("shared", {
    approval: {
      status: "changed",
      approvedAt: "2026-04-01T09:00:00.000Z",
      previous: { command: "node", args: ["shared.js", "--port", "3000"] },
    },
    logPath: "~/.mini-cc/logs/mcp-shared.log",
    logTail: [],
  });
  const runtime = fakeRuntime({ mcp });
  const session = new ChatSession(runtime);
  const ui = await renderUntilRendered(
    <ClockContext value={new FakeClock()}>
      <MotionContext value={false}>
        <App runtime={runtime} session={session} home="/home/ann" height={ROWS} />
      </MotionContext>
    </ClockContext>,
  );
  await untilRendered(() => {
    Object.defineProperty(ui.stdout, "columns", { get: () => columns });
    ui.stdout.emit("resize");
  });
  const type = (...keys: string[]) => typeKeys(ui.stdin, ...keys);
  const text = () => screen(ui.lastFrame());
  return { ui, mcp, session, type, text };
}

/** The MCP panel alone: the columns right of the transcript. */
function panelOf(text: string, columns: number, panelColumns: number): string {
  return screen(
    text
      .split("\n")
      .map((row) => row.slice(columns - panelColumns))
      .join("\n"),
  );
}

describe("the MCP panel", () => {
  for (const [columns, listWidth, openedWidth] of [
    [100, 36, 50],
    [160, 40, 80],
  ] as const) {
    describe(`at ${columns} columns`, () => {
      it("is focused by Tab: cyan border, the selection, the key hint; Esc gives the keys back", async () => {
        const { type, text, ui } = await app(columns);
        expect(text()).not.toContain("❯ tracker");
        await type(TAB);
        await eventually(() => expect(text()).toContain("❯ tracker"));
        expect(text()).toContain("↑↓ j/k select");
        await type(DOWN);
        expect(panelOf(text(), columns, listWidth)).toMatchSnapshot();
        await type(ESC);
        await eventually(() => expect(text()).not.toContain("❯ broken"));
        await type("x");
        expect(text()).toContain("❯ x");
      });

      const opened = [
        ["connected with tools", 0],
        ["failed with its log tail", 1],
        ["changed since approved, with the diff", 2],
        ["disabled, remote", 3],
      ] as const;
      for (const [what, index] of opened) {
        it(`opens a server ${what}`, async () => {
          const { type, text } = await app(columns);
          await type(TAB, ...Array<string>(index).fill(DOWN), ENTER);
          await eventually(() => expect(text()).toContain("History"));
          await untilRendered();
          const shown = panelOf(text(), columns, openedWidth);
          expect(shown).not.toContain("\u001b");
          expect(shown).not.toContain("secret-team-value");
          expect(shown).toMatchSnapshot();
        });
      }
    });
  }

  it("has the selected server ready before Enter: its first frame already shows the details read from files", async () => {
    const { type, text, ui, mcp } = await app(160);
    await type(TAB, DOWN);
    // The selected server is made ready just after the move's frame: its details are read, then its rows built.
    await eventually(() => expect(mcp.detailsRead).toContain("broken"));
    await untilRendered();
    const before = ui.frames.length;
    await type(ENTER);
    await eventually(() => expect(text()).toContain("History"));
    const opened = ui.frames
      .slice(before)
      .map(screen)
      .filter((frame) => frame.includes("History"));
    expect(opened.length).toBeGreaterThan(0);
    for (const frame of opened) expect(frame).toContain("Error: Cannot find module 'left-pad'");
  });

  it("shows the tools' flags, schema tokens and usage, and the instructions on i", async () => {
    const { type, text } = await app(160);
    await type(TAB, ENTER);
    await eventually(() => expect(text()).toContain("4 tools · ~"));
    const shown = text();
    expect(shown).toContain("mcp__tracker__list_issues — List issues");
    expect(shown).toContain("read-only · ~");
    expect(shown).toContain("3 calls · 0 errors · p50 14 ms · max 20 ms");
    expect(shown).toContain("non-destructive · open-world");
    expect(shown).toContain("pending at 0.0 s");
    expect(shown).toContain("connected at 0.4 s (after 0.4 s)");
    expect(shown).toContain("env: TRACKER_TOKEN");
    expect(shown).not.toContain("Ids look like BUG-101.");
    await type("i");
    await eventually(() => expect(text()).toContain("Ids look like BUG-101."));
  });

  it("runs r, d and a on the selected server, each with a line in the transcript; l opens the server at its log", async () => {
    const { type, text, mcp } = await app(160);
    await type(TAB, "r");
    await eventually(() => expect(text()).toContain("Restarted tracker: connected, 3 tools"));
    await type("d");
    await eventually(() => expect(text()).toContain("Disabled tracker in this project"));
    await type("d");
    await eventually(() => expect(text()).toContain("Enabled tracker in this project: connected, 3 tools"));
    await type("a");
    await eventually(() => expect(text()).toContain("Revoked the approval of tracker"));
    await type(DOWN, "l");
    await eventually(() => expect(text()).toContain("~/.mini-cc/logs/mcp-broken.log (l: last lines only)"));
    expect(text()).toContain("Error: Cannot find module 'left-pad'");
    expect(mcp.restarts).toEqual(["tracker"]);
    expect(mcp.actions).toEqual(["disable tracker", "enable tracker", "revoke tracker"]);
  });

  it('undoes a "don\'t start" from the panel', async () => {
    const declined = server("shared", { status: "disabled", reason: "declined by user", cause: "declined" }, "project");
    const { type, text, mcp } = await app(160, [declined]);
    await type(TAB, "d");
    await eventually(() => expect(text()).toContain("Started shared this session (a approves it for good)"));
    expect(mcp.decisions).toEqual([["shared", "once"]]);
  });

  it("is a full-screen view where the side panel is hidden, opened by /mcp", async () => {
    // No approval waiting: that question would keep the screen.
    const { type, text } = await app(80, [TRACKER, BROKEN]);
    await type("/mcp", ENTER);
    await eventually(() => expect(text()).toContain("↑↓ j/k select"));
    expect(text().split("\n")[0]).toMatch(/^╭─{78}╮$/);
    await untilRendered(); // the panel's keys are hooked up in an effect after the frame that shows it
    await type(ENTER);
    await eventually(() => expect(text()).toContain("History"));
    await type(ESC, ESC);
    await eventually(() => expect(text()).toContain("Ask anything"));
    expect(text()).toContain("tracker  connected");
  });
});
