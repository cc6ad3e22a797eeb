/**
 * mini-cc killed while an MCP task runs (the Tasks extension, issue 35), through the real CLI, the
 * real task server (tests/helpers/task-server.mjs) and the stand-in Messages API: the task's id is
 * kept in the saved session, and the resumed session tells the model, and shows in the TUI's
 * transcript, that the task was still running on its server when mini-cc stopped, not merely that
 * mini-cc was killed.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cliForTestFile, mcpConfig, NODE, ROOT } from "../helpers/cli-sandbox.ts";
import { FakeMessagesApi, type FakeReply } from "../helpers/fake-messages-api.ts";
import { interactiveEnv, PtyScreen } from "../helpers/pty-screen.ts";

const TASKER = join(ROOT, "tests/helpers/task-server.mjs");
const STILL_RUNNING =
  "MCP task task-1 was still running on server tasker when mini-cc stopped; its result never arrived";
const cli = cliForTestFile();
let api: FakeMessagesApi | undefined;
const screens: PtyScreen[] = [];
afterEach(async () => {
  for (const screen of screens.splice(0)) screen.kill();
  await api?.close();
  api = undefined;
});

const text = (value: string): FakeReply => ({ kind: "message", message: { content: [{ type: "text", text: value }] } });

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("mini-cc killed while an MCP task runs", () => {
  it("keeps the task's id, and a resume says the task was still running on the server", async () => {
    const box = await cli.sandbox();
    api = await FakeMessagesApi.start();
    const env = {
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: api.baseURL,
      ANTHROPIC_MODEL: "claude-sonnet-4-5",
    };
    const log = join(box.root, "tasks.log");
    const config = mcpConfig({ tasker: { command: NODE, args: [TASKER], env: { MCP_TASK_LOG: log } } });
    api.reply({
      kind: "message",
      message: { content: [{ type: "tool_use", id: "toolu_task", name: "mcp__tasker__endless", input: {} }] },
    });
    // The call moves to the background as soon as it is a task; the model's next reply never ends.
    api.reply({ kind: "message", message: { content: [{ type: "text", text: "Waiting." }] }, hangAfterEvents: 1 });
    const running = box.start(["-p", "run it", "--mcp-config", config, "--allowedTools", "mcp__tasker__*"], { env });
    await until(() => existsSync(log) && readFileSync(log, "utf8").includes('"tasks/get"'), "the task is polled");
    running.child.kill("SIGKILL");
    await running.ended;

    api.reply(text("It was still running."));
    const resumed = await box.run(["-p", "--continue", "did it finish?", "--mcp-config", config], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const body = JSON.stringify(api.requests[2]!.body);
    expect(body).toContain(`[The call toolu_task: ${STILL_RUNNING}]`);
    // Said once: a second resume finds it noted, not still open.
    api.reply(text("Noted."));
    const again = await box.run(["-p", "--continue", "and now?", "--mcp-config", config], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.stringify(api.requests[3]!.body).split(STILL_RUNNING).length).toBe(2);

    const screen = new PtyScreen(process.execPath, [box.cli, "--continue"], {
      cols: 140,
      rows: 30,
      cwd: box.project,
      env: interactiveEnv({ ...box.env, ...env }),
    });
    screens.push(screen);
    await screen.waitFor("Resumed session");
    await screen.waitFor("The call toolu_task: MCP task task-1 was still running on server tasker");
  }, 90_000);
});
