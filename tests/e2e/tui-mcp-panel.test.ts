/**
 * The MCP panel on a real terminal, with the real tracker process and the
 * real Anthropic SDK pointed at a local Messages API that records each
 * request: Tab focuses the panel, Enter opens the tracker, d disables it
 * (its tools are gone from the next request, and it stays off in the home
 * folder's list), d enables it again, r restarts it.
 */
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ApprovalsFile } from "../../src/mcp/approvals/approvals.ts";
import { systemClock } from "../../src/clock.ts";
import { messagesApisForTestFile, type FakeReply } from "../helpers/fake-messages-api.ts";
import { alive } from "../helpers/mcp-fixtures.ts";
import { ptyAppsForTestFile, serverPids, until } from "../helpers/pty-app.ts";
import type { PtyScreen } from "../helpers/pty-screen.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const TRACKER = join(ROOT, "examples/mcp_tracker_server.ts");
const TAB = "\t";
const ESC = "\u001b";
const PANEL_KEYS = "↑↓ j/k select";

const apps = ptyAppsForTestFile();
const startApi = messagesApisForTestFile();

const reply = (text: string): FakeReply => ({ kind: "message", message: { content: [{ type: "text", text }] } });

/** Pids of tracker processes started in `project`, any wrapper included (servers run with the project as their cwd). */
const trackerPids = (project: string) => serverPids(project, "mcp_tracker_server");

/**
 * A project whose .mcp.json declares the tracker, approved with full access,
 * and mini-cc launched in it against a stand-in Messages API that answers
 * `answers` in turn; resolves once the tracker is connected.
 */
async function approvedTrackerSession(answers: string[]) {
  const root = apps.tempDir("mini-cc-panel-e2e-");
  const project = join(root, "proj");
  const home = join(root, "home");
  await mkdir(project);
  const entry = { command: process.execPath, args: [TRACKER] };
  writeFileSync(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { tracker: entry } }));
  const projectDir = realpathSync(project);
  const approvals = new ApprovalsFile({ file: join(home, "mcp-approvals.json"), clock: systemClock, warn: () => {} });
  await approvals.approve(projectDir, { name: "tracker", entry }, { sandboxed: false });
  const api = await startApi(answers.map(reply));

  const env = {
    MINI_CC_HOME: home,
    ANTHROPIC_API_KEY: "sk-ant-test",
    ANTHROPIC_BASE_URL: api.baseURL,
    ANTHROPIC_MODEL: "claude-test",
  };
  const screen = apps.launch([], { cols: 130, rows: 40, cwd: projectDir, env });
  await screen.waitFor("MCP 1/1 connected · 3 tools", 20_000);
  /** The tool names the model was offered in request `n`. */
  const toolsOf = (n: number) => ((api.requests[n]?.body.tools ?? []) as { name: string }[]).map((tool) => tool.name);
  return { screen, home, projectDir, entry, approvals, toolsOf };
}

/** Tab into the panel: its key hints show. */
async function focusPanel(screen: PtyScreen): Promise<void> {
  screen.write(TAB);
  await screen.waitFor(PANEL_KEYS);
}

/** Tab back to the prompt: the panel's key hints go. */
async function focusPrompt(screen: PtyScreen): Promise<void> {
  screen.write(TAB);
  await until(() => !screen.text().includes(PANEL_KEYS), "the keys are back in the prompt");
}

describe("the MCP panel on a real terminal", () => {
  it("focuses, opens the tracker, disables it (its tools leave the next request), enables and restarts it", async () => {
    const { screen, home, projectDir, toolsOf } = await approvedTrackerSession([
      "First answer.",
      "Second answer.",
      "Third answer.",
    ]);

    screen.write("hello\r");
    await screen.waitFor("First answer.");
    expect(toolsOf(0)).toContain("mcp__tracker__list_issues");

    await focusPanel(screen);
    screen.write("\r");
    // Waited for, not read at once: a frame may be on screen only in part.
    await screen.waitFor("mcp__tracker__list_issues — List issues");
    await until(
      () => /pending at 0\.0 s\s+│\n.*connected at \d+\.\d s \(after \d+\.\d s\)/.test(screen.text()),
      "the history shows",
    );

    screen.write("d");
    await screen.waitFor("Disabled tracker in this project");
    expect(JSON.parse(readFileSync(join(home, "mcp-disabled.json"), "utf8"))).toEqual({ [projectDir]: ["tracker"] });
    screen.write(ESC);
    await screen.waitFor(PANEL_KEYS);
    await until(() => !screen.text().includes("History"), "the panel is back to its list");
    await focusPrompt(screen);
    screen.write("again\r");
    await screen.waitFor("Second answer.");
    expect(toolsOf(1).filter((name) => name.startsWith("mcp__tracker__"))).toEqual([]);

    await focusPanel(screen);
    screen.write("d");
    // Its tool list was cached when it first connected: it is ready from the cache at once (or already live).
    await screen.waitFor("Enabled tracker in this project:", 20_000);
    expect(screen.text()).toMatch(/Enabled tracker in this project: (connected, 3 tools|ready \(cached\) · 3 tools)/);
    expect(JSON.parse(readFileSync(join(home, "mcp-disabled.json"), "utf8"))).toEqual({});
    screen.write("r");
    await screen.waitFor("Restarted tracker: connected, 3 tools", 20_000);
    await focusPrompt(screen);
    screen.write("third\r");
    await screen.waitFor("Third answer.");
    expect(toolsOf(2)).toContain("mcp__tracker__list_issues");
    screen.write("/exit\r");
    expect(await screen.exited).toBe(0);
  }, 90_000);

  it("revokes the tracker's approval with a: it stops, and its tools leave the next request", async () => {
    const { screen, projectDir, entry, approvals, toolsOf } = await approvedTrackerSession([
      "First answer.",
      "Second answer.",
    ]);
    const pids = trackerPids(projectDir);
    expect(pids).toHaveLength(1);
    screen.write("hello\r");
    await screen.waitFor("First answer.");
    expect(toolsOf(0)).toContain("mcp__tracker__list_issues");

    await focusPanel(screen);
    screen.write("a");
    await screen.waitFor("Revoked the approval of tracker: stopped, its tools gone (a approves it again).");
    expect(await approvals.status(projectDir, { name: "tracker", entry })).toBe("new");
    await until(() => !pids.some(alive), "the tracker process has ended");
    await focusPrompt(screen);
    screen.write("again\r");
    await screen.waitFor("Second answer.");
    expect(toolsOf(1).filter((name) => name.startsWith("mcp__tracker__"))).toEqual([]);
    expect(trackerPids(projectDir)).toEqual([]);
    screen.write("/exit\r");
    expect(await screen.exited).toBe(0);
  }, 90_000);
});
