import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { ServerApprovalModal } from "../../../components/approval/ServerApprovalModal.tsx";
import type { SandboxAvailability } from "../../../src/sandbox/availability.ts";
import type { ServerAnswer } from "../../../components/approval/approval-options.ts";
import type { ServerView } from "../../../src/mcp/state/server-state.ts";
import { server } from "../../helpers/tui-fixtures.ts";
import { screen, renderUntilRendered, typeKeys } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const TRACKER = server("tracker", { status: "needs-approval" }, "project", {
  command: "node",
  args: ["examples/mcp_tracker_server.ts"],
});
const MISSING: SandboxAvailability = {
  available: false,
  reason: "bubblewrap not installed",
  hint: "install it: sudo apt-get install bubblewrap",
};

async function modal(
  sandbox: SandboxAvailability | "checking",
  view: ServerView = TRACKER,
  waiting: readonly ServerView[] = [view],
) {
  const choices: ServerAnswer[] = [];
  const app = await renderUntilRendered(
    <ServerApprovalModal
      server={view}
      waiting={waiting}
      cwd="/home/ann/proj"
      isActive
      sandbox={sandbox}
      onDecide={(c) => choices.push(c)}
      width={80}
    />,
  );
  const press = (...keys: string[]) => typeKeys(app.stdin, ...keys);
  return { app, choices, press };
}

describe("ServerApprovalModal with the sandbox", () => {
  it("offers Start sandboxed first, saying what it means, then full access, then don't start", async () => {
    const { app } = await modal({ available: true });
    expect(screen(app.lastFrame())).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────────────────────────╮
      │ MCP server tracker wants to start  (project · .mcp.json)                     │
      │ It will run as you, on this machine:                                         │
      │     node examples/mcp_tracker_server.ts                                      │
      │                                                                              │
      │ ❯ 1. Start sandboxed, and remember for this project                          │
      │      reads: everything but your secrets · writes: this project · network:    │
      │      none                                                                    │
      │   2. Start with full access, and remember for this project                   │
      │   3. Start with full access this time only                                   │
      │   4. Don't start                                                             │
      │                                                                              │
      │ ↑/↓ j/k move · Enter or 1-4 choose · Esc don't start                         │
      ╰──────────────────────────────────────────────────────────────────────────────╯"
    `);
  });

  it("answers sandbox on 1 and full access on 2", async () => {
    const first = await modal({ available: true });
    await first.press("1");
    expect(first.choices).toEqual(["sandbox"]);
    cleanup();
    const second = await modal({ available: true });
    await second.press("2");
    expect(second.choices).toEqual(["remember"]);
  });

  it("where the sandbox cannot run, shows the choice disabled with the reason and the hint, and preselects nothing", async () => {
    const { app, press, choices } = await modal(MISSING);
    const frame = screen(app.lastFrame());
    expect(frame).toContain("│   1. Start sandboxed ");
    expect(frame).toContain("│      unavailable: bubblewrap not installed (install it: sudo apt-get install ");
    expect(frame).toContain("│   2. Start with full access, and remember for this project ");
    expect(frame).not.toContain("❯");
    // The disabled digit, then Enter: neither starts anything; each says why.
    await press("1");
    expect(screen(app.lastFrame())).toContain(
      "│ Choice 1 cannot be taken: unavailable: bubblewrap not installed (install it: │",
    );
    await press("\r");
    expect(screen(app.lastFrame())).toContain("│ Nothing is chosen yet: press a choice's digit, or ↑/↓ then Enter.");
    expect(choices).toEqual([]);
    await press("k");
    expect(screen(app.lastFrame())).toContain("❯ 4. Don't start");
    expect(screen(app.lastFrame())).not.toContain("Nothing is chosen yet");
    await press("j");
    expect(screen(app.lastFrame())).toContain("❯ 2. Start with full access");
    await press("\r");
    expect(choices).toEqual(["remember"]);
  });

  it("from no highlight, j goes to the first choice that can be taken", async () => {
    const { app, press } = await modal(MISSING);
    await press("j");
    expect(screen(app.lastFrame())).toContain("❯ 2. Start with full access, and remember");
  });

  it("with several waiting, offers Start all sandboxed beside Start all with full access", async () => {
    const memory = server("memory", { status: "needs-approval" }, "project", { command: "node", args: ["memory.js"] });
    const { app, press, choices } = await modal({ available: true }, TRACKER, [TRACKER, memory]);
    const frame = screen(app.lastFrame());
    expect(frame).toContain("│   4. Start all 2 sandboxed, and remember for this project ");
    expect(frame).toContain("│   5. Start all 2 with full access, and remember for this project ");
    expect(frame).toContain("│   6. Don't start ");
    await press("4");
    expect(choices).toEqual(["all-sandbox"]);
  });

  it("where the sandbox cannot run, offers no Start all sandboxed", async () => {
    const memory = server("memory", { status: "needs-approval" }, "project", { command: "node", args: ["memory.js"] });
    const { app } = await modal(MISSING, TRACKER, [TRACKER, memory]);
    expect(screen(app.lastFrame())).not.toContain("sandboxed, and remember");
    expect(screen(app.lastFrame())).toContain("4. Start all 2 with full access, and remember for this project");
  });

  it("while the check runs, the sandboxed choice waits, disabled", async () => {
    const { app } = await modal("checking");
    expect(screen(app.lastFrame())).toContain("checking whether the sandbox can run here…");
  });

  it('an entry with "sandbox": true says it runs in the sandbox and offers the plain starts', async () => {
    const sandboxed = server("tracker", { status: "needs-approval" }, "project", {
      command: "node",
      args: ["t.ts"],
      sandbox: { allowedDomains: ["api.github.com"] },
    });
    const { app } = await modal({ available: true }, sandboxed);
    const frame = screen(app.lastFrame());
    expect(frame).toContain("It will run in the sandbox (its entry says so), on this machine:");
    expect(frame).toContain("sandbox: default profile + hosts: api.github.com");
    expect(frame).toContain("❯ 1. Start, and remember for this project");
  });
});

describe("ServerApprovalModal and read-only hints", () => {
  it("says how many of its tools run without asking, when they are known", async () => {
    const known = server(
      "tracker",
      { status: "needs-approval", readOnlyTools: { unasked: 2, total: 3, trusted: true } },
      "project",
      { command: "node", args: ["t.js"] },
    );
    const { app } = await modal({ available: true }, known);
    expect(screen(app.lastFrame())).toContain("│ Once started, its read-only tools run without asking: 2 of 3.");
    cleanup();
    const distrusted = server(
      "tracker",
      { status: "needs-approval", readOnlyTools: { unasked: 0, total: 3, trusted: false } },
      "project",
      { command: "node", args: ["t.js"], trustReadOnlyHint: false },
    );
    const second = await modal({ available: true }, distrusted);
    expect(screen(second.app.lastFrame())).toContain(
      "│ Once started, its read-only hints are not trusted: all 3 tools ask.",
    );
  });
});
