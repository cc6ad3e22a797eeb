/**
 * The MCP panel on a real terminal, with the real tracker process and the
 * real Anthropic SDK pointed at a local Messages API that records each
 * request: Tab focuses the panel, Enter opens the tracker, d disables it
 * (its tools are gone from the next request, and it stays off in the home
 * folder's list), d enables it again, r restarts it.
 */
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApprovalsFile } from "../../src/mcp/approvals/approvals.ts";
import { systemClock } from "../../src/clock.ts";
import { copyBuiltCli, type BuiltCli } from "../helpers/cli-sandbox.ts";
import { FakeMessagesApi, type FakeReply } from "../helpers/fake-messages-api.ts";
import { interactiveEnv, PtyScreen } from "../helpers/pty-screen.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const TRACKER = join(ROOT, "examples/mcp_tracker_server.ts");
const TAB = "\t";
const ESC = "\u001b";

let built: BuiltCli;
let app: PtyScreen | undefined;
let api: FakeMessagesApi | undefined;
const dirs: string[] = [];
beforeAll(async () => {
  built = await copyBuiltCli();
});
afterAll(() => built.dispose());
afterEach(async () => {
  app?.kill();
  app = undefined;
  await api?.close();
  api = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const reply = (text: string): FakeReply => ({ kind: "message", message: { content: [{ type: "text", text }] } });

/** Pids of tracker processes started in `project` (servers run with the project as their cwd). */
function trackerPids(project: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes("mcp_tracker_server") && readlinkSync(`/proc/${entry}/cwd`) === project) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The tool names the model was offered in request `n`. */
function toolsOf(n: number): string[] {
  const tools = (api?.requests[n]?.body.tools ?? []) as { name: string }[];
  return tools.map((tool) => tool.name);
}

describe("the MCP panel on a real terminal", () => {
  it("focuses, opens the tracker, disables it (its tools leave the next request), enables and restarts it", async () => {
    const root = mkdtempSync(join(tmpdir(), "mini-cc-panel-e2e-"));
    dirs.push(root);
    const project = join(root, "proj");
    const home = join(root, "home");
    await mkdir(project);
    const entry = { command: process.execPath, args: [TRACKER] };
    writeFileSync(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { tracker: entry } }));
    const projectDir = realpathSync(project);
    const approvals = new ApprovalsFile({ file: join(home, "mcp-approvals.json"), clock: systemClock, warn: () => {} });
    await approvals.approve(projectDir, { name: "tracker", entry });
    api = await FakeMessagesApi.start([reply("First answer."), reply("Second answer."), reply("Third answer.")]);

    const env = interactiveEnv({ MINI_CC_HOME: home, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: api.baseURL, ANTHROPIC_MODEL: "claude-test" });
    app = new PtyScreen(process.execPath, [built.cli], { cols: 130, rows: 40, cwd: projectDir, env });
    const screen = app;
    await screen.waitFor("MCP 1/1 connected · 3 tools", 20_000);

    screen.write("hello\r");
    await screen.waitFor("First answer.");
    expect(toolsOf(0)).toContain("mcp__tracker__list_issues");

    screen.write(TAB);
    await screen.waitFor("↑↓ j/k select");
    screen.write("\r");
    // Waited for, not read at once: a frame may be on screen only in part.
    await screen.waitFor("mcp__tracker__list_issues — List issues");
    await until(() => /pending at 0 ms → connected at \d+ ms/.test(screen.text()), "the history shows");

    screen.write("d");
    await screen.waitFor("Disabled tracker in this project");
    expect(JSON.parse(readFileSync(join(home, "mcp-disabled.json"), "utf8"))).toEqual({ [projectDir]: ["tracker"] });
    screen.write(ESC);
    await screen.waitFor("↑↓ j/k select");
    await until(() => !screen.text().includes("History"), "the panel is back to its list");
    screen.write(TAB);
    await until(() => !screen.text().includes("↑↓ j/k select"), "the keys are back in the prompt");
    screen.write("again\r");
    await screen.waitFor("Second answer.");
    expect(toolsOf(1).filter((name) => name.startsWith("mcp__tracker__"))).toEqual([]);

    screen.write(TAB);
    await screen.waitFor("↑↓ j/k select");
    screen.write("d");
    // Its tool list was cached when it first connected: it is ready from the cache at once (or already live).
    await screen.waitFor("Enabled tracker in this project:", 20_000);
    expect(screen.text()).toMatch(/Enabled tracker in this project: (connected, 3 tools|ready \(cached\) · 3 tools)/);
    expect(JSON.parse(readFileSync(join(home, "mcp-disabled.json"), "utf8"))).toEqual({});
    screen.write("r");
    await screen.waitFor("Restarted tracker: connected, 3 tools", 20_000);
    screen.write(TAB);
    await until(() => !screen.text().includes("↑↓ j/k select"), "the keys are back in the prompt");
    screen.write("third\r");
    await screen.waitFor("Third answer.");
    expect(toolsOf(2)).toContain("mcp__tracker__list_issues");
    screen.write("/exit\r");
    expect(await screen.exited).toBe(0);
  }, 90_000);

  it("revokes the tracker's approval with a: it stops, and its tools leave the next request", async () => {
    const root = mkdtempSync(join(tmpdir(), "mini-cc-panel-e2e-"));
    dirs.push(root);
    const project = join(root, "proj");
    const home = join(root, "home");
    await mkdir(project);
    const entry = { command: process.execPath, args: [TRACKER] };
    writeFileSync(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { tracker: entry } }));
    const projectDir = realpathSync(project);
    const approvals = new ApprovalsFile({ file: join(home, "mcp-approvals.json"), clock: systemClock, warn: () => {} });
    await approvals.approve(projectDir, { name: "tracker", entry });
    api = await FakeMessagesApi.start([reply("First answer."), reply("Second answer.")]);

    const env = interactiveEnv({ MINI_CC_HOME: home, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: api.baseURL, ANTHROPIC_MODEL: "claude-test" });
    app = new PtyScreen(process.execPath, [built.cli], { cols: 130, rows: 40, cwd: projectDir, env });
    const screen = app;
    await screen.waitFor("MCP 1/1 connected · 3 tools", 20_000);
    const pids = trackerPids(projectDir);
    expect(pids).toHaveLength(1);
    screen.write("hello\r");
    await screen.waitFor("First answer.");
    expect(toolsOf(0)).toContain("mcp__tracker__list_issues");

    screen.write(TAB);
    await screen.waitFor("↑↓ j/k select");
    screen.write("a");
    await screen.waitFor("Revoked the approval of tracker: stopped, its tools gone (a approves it again).");
    expect(await approvals.status(projectDir, { name: "tracker", entry })).toBe("new");
    await until(() => !pids.some(alive), "the tracker process has ended");
    screen.write(TAB);
    await until(() => !screen.text().includes("↑↓ j/k select"), "the keys are back in the prompt");
    screen.write("again\r");
    await screen.waitFor("Second answer.");
    expect(toolsOf(1).filter((name) => name.startsWith("mcp__tracker__"))).toEqual([]);
    expect(trackerPids(projectDir)).toEqual([]);
    screen.write("/exit\r");
    expect(await screen.exited).toBe(0);
  }, 90_000);
});
