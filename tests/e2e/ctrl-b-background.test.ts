/**
 * Ctrl+B in the real TUI on a pseudo-terminal, with the real CLI and the
 * stand-in Messages API: while a foreground Bash call runs the footer offers
 * it; the key sends the call to the background, the model is answered at
 * once and the turn goes on, the footer counts the task, and /tasks stop
 * ends its group before `done` is made.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { liveGroups } from "../../src/processes/process-table.ts";
import { cliForTestFile } from "../helpers/cli-sandbox.ts";
import { FakeMessagesApi } from "../helpers/fake-messages-api.ts";
import { interactiveEnv, PtyScreen } from "../helpers/pty-screen.ts";

const cli = cliForTestFile();
let api: FakeMessagesApi | undefined;
const screens: PtyScreen[] = [];
const groups: number[] = [];
afterEach(async () => {
  for (const screen of screens.splice(0)) screen.kill();
  for (const pgid of groups.splice(0)) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // Gone: what the test wants.
    }
  }
  await api?.close();
  api = undefined;
});

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("Ctrl+B", () => {
  it("sends the running Bash call to the background and the turn goes on", async () => {
    const box = await cli.sandbox();
    api = await FakeMessagesApi.start();
    api.reply({
      kind: "message",
      message: {
        content: [
          {
            type: "tool_use",
            id: "toolu_dev",
            name: "Bash",
            input: { command: "echo $$ > shell.pid; sleep 30; touch done" },
          },
        ],
      },
    });
    api.reply({ kind: "message", message: { content: [{ type: "text", text: "It goes on in the background." }] } });
    const screen = new PtyScreen(process.execPath, [box.cli, "--allowedTools", "Bash"], {
      cols: 120,
      rows: 30,
      cwd: box.project,
      env: interactiveEnv({
        ...box.env,
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: api.baseURL,
        ANTHROPIC_MODEL: "claude-sonnet-4-5",
      }),
    });
    screens.push(screen);
    await screen.waitFor("Ask anything");
    screen.write("start the dev server\r");
    const pidFile = join(box.project, "shell.pid");
    await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"), "the command runs");
    const pgid = Number(readFileSync(pidFile, "utf8"));
    groups.push(pgid);
    await screen.waitFor("ctrl+b to background");
    screen.write("\u0002");
    await screen.waitFor("It goes on in the background.");
    await screen.waitFor("◐ 1 background task");
    const last = (
      api.requests[1]!.body as { messages: Array<{ content: Array<Record<string, unknown>> }> }
    ).messages.at(-1)!.content;
    expect(last[0]).toMatchObject({ type: "tool_result", tool_use_id: "toolu_dev" });
    expect(JSON.stringify(last[0])).toContain("Moved to background as b1 (the user pressed Ctrl+B)");
    // Still running, past the turn: the key moved it, it did not stop it.
    expect(liveGroups([pgid]).has(pgid)).toBe(true);
    screen.write("/tasks stop b1\r");
    await screen.waitFor("b1: killed (cancelled by the user)");
    expect(liveGroups([pgid]).has(pgid)).toBe(false);
    expect(existsSync(join(box.project, "done"))).toBe(false);
    screen.write("\u0004");
    expect(await screen.exited).toBe(0);
  }, 60_000);
});
