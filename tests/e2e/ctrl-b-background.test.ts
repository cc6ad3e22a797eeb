/**
 * Ctrl+B in the real TUI on a pseudo-terminal, with the real CLI and the
 * stand-in Messages API: while a foreground Bash call runs the footer offers
 * it; the key sends the call to the background, the model is answered at
 * once and the turn goes on, the footer counts the task, and /tasks stop
 * ends its group before `done` is made. What the command printed is in the
 * task's output file from the move on, and after a `kill -9` of mini-cc.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { liveGroups } from "../../src/processes/process-table.ts";
import { cliForTestFile } from "../helpers/cli-sandbox.ts";
import { FakeMessagesApi } from "../helpers/fake-messages-api.ts";
import { killedRunLeftoversForTestFile } from "../helpers/killed-run-leftovers.ts";
import { interactiveEnv, PtyScreen } from "../helpers/pty-screen.ts";

const cli = cliForTestFile();
const { screens, groups, keep } = killedRunLeftoversForTestFile();

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The TUI on the real CLI, with the model asking for one foreground Bash `command` and then saying it goes on. */
async function startWithCall(command: string) {
  const box = await cli.sandbox();
  const fake = keep(await FakeMessagesApi.start());
  fake.reply({
    kind: "message",
    message: { content: [{ type: "tool_use", id: "toolu_dev", name: "Bash", input: { command } }] },
  });
  fake.reply({ kind: "message", message: { content: [{ type: "text", text: "It goes on in the background." }] } });
  const screen = new PtyScreen(process.execPath, [box.cli, "--allowedTools", "Bash"], {
    cols: 120,
    rows: 30,
    cwd: box.project,
    env: interactiveEnv({
      ...box.env,
      ANTHROPIC_API_KEY: "sk-ant-test",
      ANTHROPIC_BASE_URL: fake.baseURL,
      ANTHROPIC_MODEL: "claude-sonnet-4-5",
    }),
  });
  screens.push(screen);
  await screen.waitFor("Ask anything");
  screen.write("start the dev server\r");
  return { box, screen, fake };
}

/** A number the command wrote to `name` in the project, once it is there. */
async function numberIn(project: string, name: string): Promise<number> {
  const file = join(project, name);
  await until(() => existsSync(file) && readFileSync(file, "utf8").endsWith("\n"), `the command wrote ${name}`);
  return Number(readFileSync(file, "utf8"));
}

describe("Ctrl+B", () => {
  it("sends the running Bash call to the background and the turn goes on", async () => {
    const { box, screen, fake } = await startWithCall("echo $$ > shell.pid; sleep 30; touch done");
    const pgid = await numberIn(box.project, "shell.pid");
    groups.push(pgid);
    await screen.waitFor("ctrl+b to background");
    screen.write("\u0002");
    await screen.waitFor("It goes on in the background.");
    await screen.waitFor("◐ 1 background task");
    const last = (
      fake.requests[1]!.body as { messages: Array<{ content: Array<Record<string, unknown>> }> }
    ).messages.at(-1)!.content;
    expect(last[0]).toMatchObject({ type: "tool_result", tool_use_id: "toolu_dev" });
    expect(JSON.stringify(last[0])).toContain("Moved to background as b1 (the user pressed Ctrl+B)");
    // Still running, past the turn: the key moved it, it did not stop it.
    expect(liveGroups([pgid]).has(pgid)).toBe(true);
    screen.write("/tasks stop b1\r");
    await screen.waitFor("b1: killed (SIGKILL by the user)");
    expect(liveGroups([pgid]).has(pgid)).toBe(false);
    expect(existsSync(join(box.project, "done"))).toBe(false);
    screen.write("\u0004");
    expect(await screen.exited).toBe(0);
  }, 60_000);

  it("writes what the command printed to the task's output file from the move on, which a kill -9 of mini-cc keeps", async () => {
    const waitFor = (name: string) => `until [ -e ${name} ]; do sleep 0.05; done`;
    // The inner shell's parent is mini-cc itself (the outer one exec'd it): $PPID names the process to kill.
    const command = `echo $$ > shell.pid; echo $PPID > cc.pid; echo before the move; ${waitFor("go")}; echo after the move; sleep 30; touch done`;
    const { box, screen } = await startWithCall(command);
    const pgid = await numberIn(box.project, "shell.pid");
    groups.push(pgid);
    const miniCc = await numberIn(box.project, "cc.pid");
    await screen.waitFor("ctrl+b to background");
    screen.write("\u0002");
    await screen.waitFor("It goes on in the background.");
    const sessions = join(box.home, "tool-output");
    const [session] = readdirSync(sessions);
    const file = join(sessions, session!, "background", "b1.log");
    expect(readFileSync(file, "utf8")).toBe("before the move\n");
    writeFileSync(join(box.project, "go"), "");
    await until(() => readFileSync(file, "utf8").includes("after the move"), "the file has the later line");
    expect(liveGroups([pgid]).has(pgid)).toBe(true);

    const killedAt = Date.now();
    process.kill(miniCc, "SIGKILL");
    await screen.exited;
    await until(() => !liveGroups([pgid]).has(pgid), "the group is gone", 1_000 - (Date.now() - killedAt));
    expect(readFileSync(file, "utf8")).toBe("before the move\nafter the move\n");
    expect(existsSync(join(box.project, "done"))).toBe(false);
  }, 60_000);
});
