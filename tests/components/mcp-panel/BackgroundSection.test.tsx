/**
 * Reviewed snapshots of the MCP panel's Background section: every status a
 * task ends in, the selection on a task with its key hint, an opened task's
 * live output, and the footer's count.
 */
import { cleanup, render } from "ink-testing-library";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "../../../components/app/Footer.tsx";
import { backgroundCountText, taskPanelLines } from "../../../components/mcp-panel/background-lines.ts";
import { McpPanel } from "../../../components/mcp-panel/McpPanel.tsx";
import { mcpSummaryText } from "../../../components/mcp-panel/mcp-summary.ts";
import { wrapBody } from "../../../components/rows/body-lines.ts";
import { ClockContext } from "../../../components/runtime/useClock.ts";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import type { BackgroundTask } from "../../../src/background/task-state.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { connected, server, TRACKER_TOOLS } from "../../helpers/tui-fixtures.ts";
import { screen } from "../../helpers/tui-screen.ts";

afterEach(cleanup);

const NOW = 1_800_000_000_000;

function task(id: string, label: string, parts: Partial<BackgroundTask> = {}): BackgroundTask {
  return {
    id,
    kind: "shell",
    label,
    toolName: "Bash",
    status: "running",
    startedAt: NOW - 75_000,
    outputFile: `/home/ann/.mini-cc/tool-output/s1/background/${id}.log`,
    bytesWritten: 0,
    bytesRead: 0,
    endingReported: false,
    ...parts,
  };
}

const TASKS: readonly BackgroundTask[] = [
  task("b1", "npm run dev", { bytesWritten: 2048 }),
  task("b2", "npm test", { status: "completed", exitCode: 0, endedAt: NOW - 60_000 }),
  task("b3", "make lint", { status: "failed", exitCode: 2, endedAt: NOW - 70_000 }),
  task("b4", "sleep 30; touch done", { status: "killed", signal: "SIGTERM", stoppedBy: "user", endedAt: NOW - 5_000 }),
  task("b5", "tail -f log\u001b[2J", { status: "lost", startedAt: NOW - 3_700_000 }),
];
const SERVERS = [server("tracker", connected(TRACKER_TOOLS), "project")];

function frame(node: ReactNode): string {
  const clock = new FakeClock(NOW);
  return screen(
    render(
      <ClockContext value={clock}>
        <MotionContext value={false}>{node}</MotionContext>
      </ClockContext>,
    ).lastFrame(),
  );
}

describe("the Background section", () => {
  it("lists every task under the servers with its honest status and runtime, escapes shown as text", () => {
    expect(
      frame(<McpPanel servers={SERVERS} summary={mcpSummaryText({ servers: SERVERS })} width={44} tasks={TASKS} />),
    ).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────╮
      │ MCP 1/1 connected · 3 tools              │
      │ ● tracker             project 3 tools    │
      │                                          │
      │ Background                               │
      │ ⠋ b1 npm run dev                  1m 15s │
      │ ✔ b2 npm test              exit 0    15s │
      │ ✘ b3 make lint             exit 2     5s │
      │ ■ b4 sleep 30; touch do…   killed 1m 10s │
      │ ? b5 tail -f log\\x1b[2J      lost 1h 01m │
      ╰──────────────────────────────────────────╯"
    `);
  });

  it("a task selected in the focused panel: marked, with the task's keys in the hint", () => {
    expect(
      frame(
        <McpPanel
          servers={SERVERS}
          summary={mcpSummaryText({ servers: SERVERS })}
          width={44}
          tasks={TASKS}
          focused
          selected={4}
          view="task-list"
        />,
      ),
    ).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────╮
      │ MCP 1/1 connected · 3 tools              │
      │ ● tracker             project 3 tools    │
      │                                          │
      │ Background                               │
      │ ⠋ b1 npm run dev                  1m 15s │
      │ ✔ b2 npm test              exit 0    15s │
      │ ✘ b3 make lint             exit 2     5s │
      │ ❯ b4 sleep 30; touch do…   killed 1m 10s │
      │ ? b5 tail -f log\\x1b[2J      lost 1h 01m │
      │ ↑↓ j/k select · Enter/→ output · x stop  │
      │ Esc/Tab prompt                           │
      ╰──────────────────────────────────────────╯"
    `);
  });

  it("an opened task shows what it runs, where its output goes, and the output's tail made harmless", () => {
    const running = task("b1", "npm run dev", { bytesWritten: 120 });
    const tail = "ready on :3000\n\u001b[32mcompiled\u001b[0m in 41ms\n50%\r100%\nGET / 200\u0007\n";
    const rows = wrapBody(taskPanelLines(running, tail, NOW), 56);
    expect(
      frame(<McpPanel servers={[]} summary="" width={60} focused opened={{ rows, hidden: "" }} view="task-opened" />),
    ).toMatchInlineSnapshot(`
      "╭──────────────────────────────────────────────────────────╮
      │ b1 · running · 1m 15s                                    │
      │   npm run dev                                            │
      │   Bash · shell                                           │
      │   output file · 120 B                                    │
      │     /home/ann/.mini-cc/tool-output/s1/background/b1.log  │
      │                                                          │
      │ Output (live)                                            │
      │   ready on :3000                                         │
      │   compiled in 41ms                                       │
      │   100%                                                   │
      │   GET / 200\\x07                                          │
      │ ↑↓ PgUp/PgDn Home/End scroll · x stop · Esc/← list       │
      │ Tab prompt                                               │
      ╰──────────────────────────────────────────────────────────╯"
    `);
  });

  it("the footer counts the tasks that run, and says nothing when none does", () => {
    expect(backgroundCountText(TASKS.slice(1))).toBeUndefined();
    expect(
      frame(
        <Footer
          permissionMode="default"
          modelName="m"
          cwd="~/proj"
          running={false}
          background={backgroundCountText([...TASKS, task("b6", "vite")])}
        />,
      ),
    ).toMatchInlineSnapshot(
      `" ◐ 2 background tasks · ⏵ default · m · ~/proj                               shift+tab mode · /help"`,
    );
  });
});
