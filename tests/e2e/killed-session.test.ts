/**
 * mini-cc killed with `kill -9` mid-turn, through the real CLI, the real SDK
 * and the stand-in Messages API: the Bash command it was running does not
 * outlive it, and the resumed session (`-p --continue`, and the TUI's
 * transcript on a real pseudo-terminal) says mini-cc was killed while the
 * call ran, not that the user interrupted it; a reply coming in when it was
 * killed is kept as far as it was saved, and marked as cut.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CUT_REPLY_NOTE, CUT_REPLY_SHOWN } from "../../src/agent/streamed-reply.ts";
import { INTERRUPTED, KILLED } from "../../src/agent/tool-runner.ts";
import { projectKey } from "../../src/session/project-key.ts";
import { liveGroups } from "../../src/processes/process-table.ts";
import { cliForTestFile, type CliSandbox } from "../helpers/cli-sandbox.ts";
import { FakeMessagesApi, type FakeReply } from "../helpers/fake-messages-api.ts";
import { killedRunLeftoversForTestFile } from "../helpers/killed-run-leftovers.ts";
import { interactiveEnv, PtyScreen } from "../helpers/pty-screen.ts";

const cli = cliForTestFile();
const { screens, groups, keep } = killedRunLeftoversForTestFile();

const text = (value: string): FakeReply => ({ kind: "message", message: { content: [{ type: "text", text: value }] } });
const bashCall = (id: string, command: string): FakeReply => ({
  kind: "message",
  message: { content: [{ type: "tool_use", id, name: "Bash", input: { command } }] },
});

function apiEnv(fake: FakeMessagesApi): Record<string, string> {
  return { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: fake.baseURL, ANTHROPIC_MODEL: "claude-sonnet-4-5" };
}

type Body = { messages: Array<{ role: string; content: unknown }> };
const body = (fake: FakeMessagesApi, n: number) => fake.requests[n]!.body as unknown as Body;

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The TUI continuing the sandbox's latest session, once it says so. */
async function resumeInTui(box: CliSandbox, fake: FakeMessagesApi): Promise<PtyScreen> {
  const screen = new PtyScreen(process.execPath, [box.cli, "--continue"], {
    cols: 120,
    rows: 30,
    cwd: box.project,
    env: interactiveEnv({ ...box.env, ...apiEnv(fake) }),
  });
  screens.push(screen);
  await screen.waitFor("Resumed session");
  return screen;
}

/** Starts `-p` whose model runs a 30-second Bash command; resolves with the command's process group once it runs. */
async function startLongBash(box: CliSandbox, fake: FakeMessagesApi) {
  const pidFile = join(box.project, "shell.pid");
  fake.reply(bashCall("toolu_long", "echo $$ > shell.pid; sleep 30; echo finished > finished.txt"));
  const running = box.start(["-p", "run the long job", "--allowedTools", "Bash"], { env: apiEnv(fake) });
  await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"), "the command runs");
  const pgid = Number(readFileSync(pidFile, "utf8"));
  groups.push(pgid);
  return { running, pgid };
}

describe("mini-cc killed during a Bash call", () => {
  it("takes the command with it, and --continue tells the model it was killed while the command ran", async () => {
    const box = await cli.sandbox();
    const api = keep(await FakeMessagesApi.start());
    const { running, pgid } = await startLongBash(box, api);
    expect(liveGroups([pgid]).has(pgid)).toBe(true);
    const killedAt = Date.now();
    running.child.kill("SIGKILL");
    expect((await running.ended).signal).toBe("SIGKILL");
    // The watchdog sends SIGTERM as soon as mini-cc's pipe closes (sleep obeys it): gone within a second of the kill.
    await until(() => !liveGroups([pgid]).has(pgid), "the command's group is gone", 1_000 - (Date.now() - killedAt));
    expect(existsSync(join(box.project, "finished.txt"))).toBe(false);

    api.reply(text("It was cut off."));
    const resumed = await box.run(["-p", "--continue", "did it finish?"], { env: apiEnv(api) });
    expect(resumed.code, resumed.stderr).toBe(0);
    const last = body(api, 1).messages.at(-1)!.content as Array<Record<string, unknown>>;
    expect(last[0]).toMatchObject({ type: "tool_result", tool_use_id: "toolu_long", is_error: true, content: KILLED });
    expect(last.at(-1)).toMatchObject({ type: "text", text: "did it finish?" });
  }, 60_000);

  it("a call the user stopped (Ctrl-C) is resumed as stopped, not as killed", async () => {
    const box = await cli.sandbox();
    const api = keep(await FakeMessagesApi.start());
    const { running } = await startLongBash(box, api);
    running.child.kill("SIGINT");
    await running.ended;
    api.reply(text("Stopped."));
    const resumed = await box.run(["-p", "--continue", "did it finish?"], { env: apiEnv(api) });
    expect(resumed.code, resumed.stderr).toBe(0);
    const last = body(api, 1).messages.at(-1)!.content as Array<Record<string, unknown>>;
    expect(last[0]).toMatchObject({
      type: "tool_result",
      tool_use_id: "toolu_long",
      is_error: true,
      content: INTERRUPTED,
    });
    expect(JSON.stringify(last)).not.toContain(KILLED);
  }, 60_000);

  it("the TUI's resumed transcript shows the call's row with the same words", async () => {
    const box = await cli.sandbox();
    const api = keep(await FakeMessagesApi.start());
    const { running } = await startLongBash(box, api);
    running.child.kill("SIGKILL");
    await running.ended;

    const screen = await resumeInTui(box, api);
    await screen.waitFor(KILLED);
    expect(screen.text()).toContain("echo $$ > shell.pid; sleep 30; echo finished > finished.txt");
    screen.write("\u0004");
    expect(await screen.exited).toBe(0);
  }, 60_000);
});

describe("mini-cc killed while a reply streams in", () => {
  const answer = "The first half of a long answer, then";
  /** `-p` whose reply stalls once its text has come (message_start, ping, content_block_start and the 8-character deltas), killed once the text is saved. */
  async function killMidReply(box: CliSandbox, fake: FakeMessagesApi): Promise<void> {
    fake.reply({
      kind: "message",
      message: { content: [{ type: "text", text: answer }] },
      hangAfterEvents: 3 + Math.ceil(answer.length / 8),
    });
    const running = box.start(["-p", "explain it all"], { env: apiEnv(fake) });
    const dir = join(box.home, "projects", projectKey(box.project));
    const saved = () =>
      existsSync(dir)
        ? readdirSync(dir)
            .map((name) => readFileSync(join(dir, name), "utf8"))
            .join("")
        : "";
    // The first piece is saved at once, the rest within half a second.
    await until(() => saved().includes('long answer, then"'), "the streamed text is saved");
    running.child.kill("SIGKILL");
    expect((await running.ended).signal).toBe("SIGKILL");
  }

  it("keeps what came, and --continue tells the model the reply was cut", async () => {
    const box = await cli.sandbox();
    const api = keep(await FakeMessagesApi.start());
    await killMidReply(box, api);

    api.reply(text("Going on."));
    const resumed = await box.run(["-p", "--continue", "go on"], { env: apiEnv(api) });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(
      "mini-cc was killed while its last reply came in; it goes on from what had arrived, and the model is told the reply was cut",
    );
    // Without the cache breakpoints, which move from request to request.
    const messages = JSON.parse(
      JSON.stringify(body(api, 1).messages, (key, value) => (key === "cache_control" ? undefined : value)),
    );
    expect(messages).toEqual([
      { role: "user", content: [{ type: "text", text: "explain it all" }] },
      { role: "assistant", content: [{ type: "text", text: answer }] },
      {
        role: "user",
        content: [
          { type: "text", text: CUT_REPLY_NOTE },
          { type: "text", text: "go on" },
        ],
      },
    ]);
  }, 60_000);

  it("the TUI's resumed transcript shows the reply as far as it came, marked as cut", async () => {
    const box = await cli.sandbox();
    const api = keep(await FakeMessagesApi.start());
    await killMidReply(box, api);

    const screen = await resumeInTui(box, api);
    await screen.waitFor(CUT_REPLY_SHOWN);
    expect(screen.text()).toContain(`● ${answer}`);
    screen.write("\u0004");
    expect(await screen.exited).toBe(0);
    // The resume recorded the cut reply and its note: the next resume still shows both.
    const again = await resumeInTui(box, api);
    await again.waitFor(CUT_REPLY_SHOWN);
    expect(again.text()).toContain(`● ${answer}`);
    again.write("\u0004");
    expect(await again.exited).toBe(0);
  }, 60_000);
});
