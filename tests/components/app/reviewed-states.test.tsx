/**
 * Reviewed snapshots of states that had none: the needs-auth row and its
 * opened view, the cached and reconnecting opened views, the bypass question,
 * and the modals before they are armed (no cursor on an option yet).
 */
import { cleanup, render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { BypassConfirm } from "../../../components/approval/BypassConfirm.tsx";
import { ServerApprovalModal } from "../../../components/approval/ServerApprovalModal.tsx";
import { ToolApprovalModal } from "../../../components/approval/ToolApprovalModal.tsx";
import { covers } from "../../helpers/rule-coverage.ts";
import { McpPanel } from "../../../components/mcp-panel/McpPanel.tsx";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import type { ServerView } from "../../../src/mcp/state/server-state.ts";
import { wrapBody } from "../../../components/rows/body-lines.ts";
import { mcpSummaryText } from "../../../components/mcp-panel/mcp-summary.ts";
import { serverPanelLines } from "../../../components/mcp-panel/server-panel-lines.ts";
import { connected, server, TRACKER_TOOLS } from "../../helpers/tui-fixtures.ts";
import { screen, renderUntilRendered } from "../../helpers/tui-screen.ts";

// Approval times are shown on the local clock: the snapshots are read in UTC.
process.env.TZ = "UTC";

afterEach(cleanup);

const WEB: ServerView = server("web", { status: "needs-auth", reason: "not logged in" }, "user", {
  type: "http",
  url: "https://mcp.example.com/mcp",
});
const CACHED: ServerView = server("tracker", { status: "cached", tools: TRACKER_TOOLS, instructions: "" }, "project");
const RECONNECTING: ServerView = {
  ...server("browser", { status: "reconnecting", attempt: 2 }, "local"),
  health: {
    history: [
      { status: "pending", at: 0 },
      { status: "connected", at: 300 },
      { status: "failed", at: 5000 },
      { status: "reconnecting", at: 5001 },
    ],
    reconnects: 2,
    lastFailure: "server exited (code 1)",
  },
};
const SERVERS = [server("tracker", connected(TRACKER_TOOLS), "project"), WEB, CACHED];

function panel(servers: readonly ServerView[], opened?: ServerView, width = 40) {
  const rows = opened ? wrapBody(serverPanelLines(opened, { servers }, undefined), width - 4) : undefined;
  return render(
    <MotionContext value={false}>
      <McpPanel
        servers={servers}
        summary={mcpSummaryText({ servers })}
        width={width}
        {...(rows ? { opened: { rows, hidden: "" }, focused: true } : {})}
      />
    </MotionContext>,
  );
}

describe("reviewed snapshots", () => {
  it("the needs-auth row says login? with its reason", () => {
    expect(screen(panel(SERVERS).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────╮
      │ MCP 1/3 · 1 cached · 6 tools         │
      │ ● tracker         project 3 tools    │
      │ ! web             user    login?     │
      │   not logged in                      │
      │ ◍ tracker         project 3 cached   │
      ╰──────────────────────────────────────╯"
    `);
  });

  it("the needs-auth server opened", () => {
    expect(screen(panel([WEB], WEB, 60).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ web · needs-auth · user                                  │
      │   needs authentication (not logged in) — run: /mcp login │
      │    web                                                   │
      │                                                          │
      │ Runs                                                     │
      │   http https://mcp.example.com/mcp                       │
      │   user scope · /home/ann/proj/.mcp.json                  │
      │                                                          │
      │ Approval                                                 │
      │   not needed (user scope)                                │
      │                                                          │
      │ History (since start)                                    │
      │   needs-auth at 0.0 s                                    │
      │   no reconnects                                          │
      │                                                          │
      │ Tools                                                    │
      │   none while not connected                               │
      │ ↑↓ PgUp/PgDn Home/End scroll · i instructions            │
      │ r restart · d disable/enable · a approve/revoke · l log  │
      │ Esc/← list · Tab prompt                                  │
      ╰──────────────────────────────────────────────────────────╯"
    `);
  });

  it("a cached server opened", () => {
    expect(screen(panel([CACHED], CACHED, 60).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ tracker · cached · project                               │
      │   ready (cached) · 3 tools                               │
      │                                                          │
      │ Runs                                                     │
      │   node tracker.js                                        │
      │   project scope · /home/ann/proj/.mcp.json               │
      │                                                          │
      │ Approval                                                 │
      │   …                                                      │
      │   fingerprint bb42e550ce7eeef0                           │
      │                                                          │
      │ History (since start)                                    │
      │   cached at 0.0 s                                        │
      │   no reconnects                                          │
      │                                                          │
      │ Tools                                                    │
      │   none while not connected                               │
      │ ↑↓ PgUp/PgDn Home/End scroll · i instructions            │
      │ r restart · d disable/enable · a approve/revoke · l log  │
      │ Esc/← list · Tab prompt                                  │
      ╰──────────────────────────────────────────────────────────╯"
    `);
  });

  it("a reconnecting server opened", () => {
    expect(screen(panel([RECONNECTING], RECONNECTING, 60).lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ browser · reconnecting · local                           │
      │   reconnecting (attempt 2) · last failure: server exited │
      │    (code 1)                                              │
      │                                                          │
      │ Runs                                                     │
      │   node browser.js                                        │
      │   local scope · /home/ann/proj/.mcp.json                 │
      │                                                          │
      │ Approval                                                 │
      │   not needed (local scope)                               │
      │                                                          │
      │ History (since start)                                    │
      │   pending at 0.0 s                                       │
      │   connected at 0.3 s (after 0.3 s)                       │
      │   failed at 5.0 s (after 4.7 s)                          │
      │   reconnecting at 5.0 s (after 0.0 s)                    │
      │   2 reconnect attempts                                   │
      │   last failure: server exited (code 1)                   │
      │                                                          │
      │ Tools                                                    │
      │   none while not connected                               │
      │ ↑↓ PgUp/PgDn Home/End scroll · i instructions            │
      │ r restart · d disable/enable · a approve/revoke · l log  │
      │ Esc/← list · Tab prompt                                  │
      ╰──────────────────────────────────────────────────────────╯"
    `);
  });

  it("the bypass question", () => {
    const app = render(<BypassConfirm isActive onConfirm={() => {}} onSkip={() => {}} onCancel={() => {}} />);
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(
      `"⚠ Bypass permissions: tools run unasked. y on · other key no"`,
    );
  });

  it("the tool approval modal before it is armed", async () => {
    const pending = {
      id: 1,
      request: {
        toolUseId: "t1",
        toolName: "Bash",
        input: { command: "rm -rf build" },
        summary: "Bash(rm -rf build)",
        reason: "needs approval",
      },
    };
    const app = await renderUntilRendered(
      <ToolApprovalModal covers={covers} pending={pending} cwd="/home/ann/proj" isActive={false} onAnswer={() => {}} />,
    );
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────────────────────────────────────────────╮
      │ Allow Bash(rm -rf build)?  (needs approval)                                                      │
      │     rm -rf build                                                                                 │
      │                                                                                                  │
      │   1. Allow                                                                                       │
      │   2. Allow, and don't ask again this session for Bash commands starting with \`rm\`                │
      │   3. Deny, and tell the model what to do instead                                                 │
      │                                                                                                  │
      │ ↑/↓ j/k move · Enter or 1-3 choose · Esc deny                                                    │
      ╰──────────────────────────────────────────────────────────────────────────────────────────────────╯"
    `);
  });

  it("the server approval modal before it is armed", async () => {
    const shared = server("shared", { status: "needs-approval" }, "project", { command: "node", args: ["shared.js"] });
    const app = await renderUntilRendered(
      <ServerApprovalModal server={shared} cwd="/home/ann/proj" isActive={false} onDecide={() => {}} width={70} />,
    );
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭────────────────────────────────────────────────────────────────────╮
      │ MCP server shared wants to start  (project · .mcp.json)            │
      │ It will run as you, on this machine:                               │
      │     node shared.js                                                 │
      │                                                                    │
      │   1. Start, and remember for this project                          │
      │   2. Start this time only                                          │
      │   3. Don't start                                                   │
      │                                                                    │
      │ ↑/↓ j/k move · Enter or 1-3 choose · Esc don't start               │
      ╰────────────────────────────────────────────────────────────────────╯"
    `);
  });
});
