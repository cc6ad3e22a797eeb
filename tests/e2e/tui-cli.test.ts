/**
 * The real CLI on a real pseudo-terminal: the seed chapter's session from
 * approving the project's tracker server to /exit, with the scripted model,
 * the real tracker process and the real approvals file.
 */
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ApprovalsFile } from "../../src/mcp/approvals/approvals.ts";
import { systemClock } from "../../src/clock.ts";
import { alive } from "../helpers/mcp-fixtures.ts";
import { ptyAppsForTestFile, serverPids, until } from "../helpers/pty-app.ts";
import type { PtyScreen } from "../helpers/pty-screen.ts";
import { checkSandbox } from "../../src/sandbox/availability.ts";
import { ARMING_DELAY_MS } from "../../components/approval/useArming.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const TRACKER = join(ROOT, "examples/mcp_tracker_server.ts");
const SCRIPT = join(ROOT, "examples/ch15.json");
// The approval's choices: 1 start sandboxed (disabled where the sandbox cannot run), 2 full access, 3 once, 4 don't start.
// The highlight, on the first choice, shows once the modal takes keys; where the sandbox cannot run nothing is
// highlighted, so the test moves to choice 2 itself once the modal has been shown long enough to take keys.
const SANDBOXED = (await checkSandbox(process.env)).available;
const START = SANDBOXED ? "1" : "2";

/** Waits until the approval modal takes keys. */
async function armed(screen: PtyScreen): Promise<void> {
  if (SANDBOXED) return screen.waitFor("❯ 1. Start sandboxed, and remember");
  await new Promise((resolve) => setTimeout(resolve, ARMING_DELAY_MS + 300));
  screen.write("j");
  await screen.waitFor("❯ 2. Start with full access, and remember");
}
const PROMPT = "Look at the Todo issues on the tracker, fix the one about posts.ts, then reply on the issue.";

// A private copy of the built CLI (npm test builds it first), safe from a rebuild mid-run.
const apps = ptyAppsForTestFile();

/** A copy of examples/demo whose .mcp.json declares the tracker, and an empty home. */
function sandbox(trackerEnv?: Record<string, string>) {
  const root = apps.tempDir("mini-cc-tui-e2e-");
  const project = join(root, "proj");
  cpSync(join(ROOT, "examples/demo"), project, { recursive: true });
  const tracker = { command: process.execPath, args: [TRACKER], ...(trackerEnv ? { env: trackerEnv } : {}) };
  writeFileSync(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { tracker } }, null, 2));
  return { project: realpathSync(project), home: join(root, "home") };
}

function launch(project: string, home: string, ...args: string[]): PtyScreen {
  const argv = ["--model-script", SCRIPT, "--permission-mode", "acceptEdits", ...args];
  return apps.launch(argv, { cols: 130, rows: 40, cwd: project, env: { MINI_CC_HOME: home } });
}

/** Pids of the tracker's node processes started in `project`: sandboxed, its wrappers are left out. */
const trackerPids = (project: string) => serverPids(project, "mcp_tracker_server", { nodeOnly: true });

describe("mini-cc on a real terminal", () => {
  it("runs the seed session: approve the tracker, fix posts.ts, comment, /mcp -v, /exit; the next launch does not ask", async () => {
    const { project, home } = sandbox();
    const screen = launch(project, home, PROMPT);

    await screen.waitFor("MCP server tracker wants to start");
    expect(screen.text()).toContain("? tracker     project approve?");
    // The highlight shows once the modal takes keys (its arming delay has passed).
    await armed(screen);
    screen.write(START);
    await screen.waitFor("● tracker     project 3 tools");
    expect(screen.text()).toContain("MCP 1/1 connected · 3 tools");

    // The prompt from the command line runs once the server has settled.
    await screen.waitFor("Allow mcp__tracker__add_comment(BUG-101)?", 20_000);
    // Drawn before the edit's diff pushed it up the screen.
    expect(screen.output).toContain("mcp__tracker__list_issues -> ");
    await screen.waitFor("❯ 1. Allow");
    screen.write("1");
    await screen.waitFor("✔ mcp__tracker__add_comment -> Comment added to BUG-101 (2 total).");
    await screen.waitFor("● BUG-101 is fixed and I replied on the tracker.");
    expect(readFileSync(join(project, "posts.ts"), "utf8")).toContain(
      "export function listPosts(posts: Post[], page = 1, pageSize = 20): Post[] {",
    );
    // acceptEdits asked nothing, yet the edit's diff is in the transcript.
    await screen.waitFor("+ export function listPosts(posts: Post[], page = 1, pageSize = 20): Post[] {");
    expect(screen.text()).toMatch(/\d+ - export function listPosts\(posts: Post\[\]\): Post\[\] \{/);

    // Typed and sent in one chunk, as a fast typist or tmux send-keys does.
    screen.write("/mcp -v\r");
    await screen.waitFor("mcp__tracker__add_comment  (non-destructive) — Add a comment");
    expect(screen.text()).toContain("      mcp__tracker__list_issues  (read-only) — List issues");
    expect(screen.text()).toContain("      mcp__tracker__get_issue  (read-only) — Get an issue");

    const trackers = trackerPids(project);
    expect(trackers).toHaveLength(1);
    screen.write("/exit\r");
    expect(await screen.exited).toBe(0);
    await until(() => !trackers.some(alive), "the tracker process has ended");
    expect(trackerPids(project)).toEqual([]);

    const approvals = JSON.parse(readFileSync(join(home, "mcp-approvals.json"), "utf8"));
    expect(Object.keys(approvals)).toEqual([project]);
    expect(approvals[project].tracker.entry).toEqual({ command: process.execPath, args: [TRACKER] });
    // The UI's code caches (its runtime's, its screen's), made after the first frame; the next launch uses them rather than making others.
    const caches = readdirSync(join(home, "code-cache")).sort();
    expect(caches).toEqual([
      expect.stringMatching(/^interactive\.cjs\..+\.v8$/),
      expect.stringMatching(/^tui\.cjs\..+\.v8$/),
    ]);
    const cacheTimes = caches.map((cache) => statSync(join(home, "code-cache", cache)).mtimeMs);

    const again = launch(project, home);
    await again.waitFor("● tracker     project 3 tools");
    expect(again.output).not.toContain("wants to start");
    again.write("\u001b[Z"); // Shift+Tab: acceptEdits → plan
    await again.waitFor("⏵ plan ·");
    again.write("/exit\r");
    expect(await again.exited).toBe(0);
    await until(() => trackerPids(project).length === 0, "the second tracker has ended");
    expect(readdirSync(join(home, "code-cache")).sort()).toEqual(caches);
    expect(caches.map((cache) => statSync(join(home, "code-cache", cache)).mtimeMs)).toEqual(cacheTimes);
  }, 90_000);

  it("never takes keys typed as it starts as the answer to the project-server modal, nor types them behind it", async () => {
    const { project, home } = sandbox();
    const screen = launch(project, home);
    // A user who starts typing at once: the first keys arrive before the modal is even drawn.
    await new Promise((resolve) => setTimeout(resolve, 100));
    screen.write("fix 1 bug");
    await screen.waitFor("MCP server tracker wants to start");
    // …and go on typing while it has just appeared: its "3" would have answered it.
    screen.write(", just list 3 issues");
    await screen.waitFor("⏸ Key ignored: read the question, then press a key");
    expect(screen.text()).not.toContain("just list 3 issues");
    expect(screen.text()).toContain("MCP server tracker wants to start");
    expect(screen.text()).toContain("? tracker     project approve?");
    expect(screen.text()).not.toContain("approved for this project");
    expect(screen.text()).not.toContain("will not start");
    expect(existsSync(join(home, "mcp-approvals.json"))).toBe(false);
    expect(trackerPids(project)).toEqual([]);

    // Once the user stops and the modal is armed, a key answers it.
    await armed(screen);
    screen.write("3");
    await screen.waitFor("MCP server tracker approved this time only; starting it.");
    await screen.waitFor("● tracker     project 3 tools");
    expect(existsSync(join(home, "mcp-approvals.json"))).toBe(false);
    screen.write("\u0015");
    await screen.waitFor("❯ Ask anything");
    screen.write("/exit\r");
    expect(await screen.exited).toBe(0);
  }, 60_000);

  it("asks again, showing what was approved before, when the project's entry changed", async () => {
    const { project, home } = sandbox({ TRACKER_MODE: "changed" });
    const store = new ApprovalsFile({ file: join(home, "mcp-approvals.json"), clock: systemClock, warn: () => {} });
    const before = { command: process.execPath, args: [TRACKER] };
    await store.approve(project, { name: "tracker", entry: before }, { sandboxed: false });

    const screen = launch(project, home);
    await screen.waitFor("⚠ This entry changed since you approved it. Before, it was:");
    expect(screen.text()).toContain("env: TRACKER_MODE=changed");
    expect(screen.text()).toContain("? tracker     project approve?");
    await armed(screen);
    screen.write("4");
    await screen.waitFor("MCP server tracker will not start.");
    expect(trackerPids(project)).toEqual([]);
    screen.write("/exit\r");
    expect(await screen.exited).toBe(0);
  }, 60_000);
});
