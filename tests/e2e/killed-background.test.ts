/**
 * Background shells never outlive mini-cc, through the real CLI and the
 * stand-in Messages API: a `-p` run that ends stops the tasks it started, and
 * a `kill -9` of mini-cc while a background command runs ends its group
 * within a second (the Bash watchdog); `done` never appears.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { liveGroups } from "../../src/processes/process-table.ts";
import { cliForTestFile } from "../helpers/cli-sandbox.ts";
import { FakeMessagesApi, type FakeReply } from "../helpers/fake-messages-api.ts";
import { killedRunLeftoversForTestFile } from "../helpers/killed-run-leftovers.ts";

const cli = cliForTestFile();
const { groups, keep } = killedRunLeftoversForTestFile();

const COMMAND = "echo compiling the assets; echo $$ > shell.pid; sleep 30; touch done";
const backgroundCall: FakeReply = {
  kind: "message",
  message: {
    content: [{ type: "tool_use", id: "toolu_bg", name: "Bash", input: { command: COMMAND, run_in_background: true } }],
  },
};

function apiEnv(fake: FakeMessagesApi): Record<string, string> {
  return { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: fake.baseURL, ANTHROPIC_MODEL: "claude-sonnet-4-5" };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The background command's group, once it runs. */
async function shellGroup(project: string): Promise<number> {
  const pidFile = join(project, "shell.pid");
  await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"), "the command runs");
  const pgid = Number(readFileSync(pidFile, "utf8"));
  groups.push(pgid);
  return pgid;
}

describe("background shells and mini-cc's end", () => {
  it("a -p run stops the background tasks it started when it ends", async () => {
    const box = await cli.sandbox();
    const api = keep(await FakeMessagesApi.start());
    api.reply(backgroundCall);
    // The run ends only once the background command runs (under load a quick end could stop it before its first line).
    api.reply({
      kind: "message",
      message: {
        content: [
          {
            type: "tool_use",
            id: "toolu_wait",
            name: "Bash",
            input: { command: "until [ -s shell.pid ]; do sleep 0.05; done" },
          },
        ],
      },
    });
    api.reply({ kind: "message", message: { content: [{ type: "text", text: "Started it." }] } });
    const run = await box.run(["-p", "start the job", "--allowedTools", "Bash"], { env: apiEnv(api) });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Started it.");
    const pgid = await shellGroup(box.project);
    expect(liveGroups([pgid]).has(pgid)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(join(box.project, "done"))).toBe(false);
  }, 60_000);

  it("kill -9 of mini-cc ends a background command's group within a second; --continue reports the task lost, with its output", async () => {
    const box = await cli.sandbox();
    const api = keep(await FakeMessagesApi.start());
    api.reply(backgroundCall);
    // The next reply stalls: mini-cc is still running when it is killed.
    api.reply({ kind: "message", message: { content: [{ type: "text", text: "waiting" }] }, hangAfterEvents: 1 });
    const running = box.start(["-p", "start the job", "--allowedTools", "Bash"], { env: apiEnv(api) });
    const pgid = await shellGroup(box.project);
    await until(() => api!.requests.length >= 2, "the turn goes on after the call returned");
    expect(liveGroups([pgid]).has(pgid)).toBe(true);
    const killedAt = Date.now();
    running.child.kill("SIGKILL");
    expect((await running.ended).signal).toBe("SIGKILL");
    await until(() => !liveGroups([pgid]).has(pgid), "the group is gone", 1_000 - (Date.now() - killedAt));
    expect(existsSync(join(box.project, "done"))).toBe(false);

    // Resumed: the model hears once that b1 was lost, with what its output file holds; a new task is b2, not b1 again.
    api.reply({
      kind: "message",
      message: {
        content: [
          { type: "tool_use", id: "toolu_again", name: "Bash", input: { command: "true", run_in_background: true } },
        ],
      },
    });
    api.reply({ kind: "message", message: { content: [{ type: "text", text: "Noted." }] } });
    const resumed = await box.run(["-p", "--continue", "what happened?", "--allowedTools", "Bash"], {
      env: apiEnv(api),
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    const request = JSON.stringify(api.requests[2]!.body);
    expect(request).toContain("Background task b1 (");
    expect(request).toContain("ended: lost (mini-cc exited)");
    expect(request).toContain("compiling the assets");
    const next = JSON.stringify(api.requests[3]!.body);
    expect(next).toContain("Command running in the background with ID: b2");
    // Told once: the reminder stays in the history, no second one comes.
    expect(next.split("ended: lost (mini-cc exited)").length - 1).toBe(1);
  }, 60_000);
});
