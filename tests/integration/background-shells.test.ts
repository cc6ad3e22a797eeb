import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/agent/events.ts";
import { liveGroups } from "../../src/processes/process-table.ts";
import type { Runtime } from "../../src/session/runtime.ts";
import { FakeMessagesApi, type FakeBlock } from "../helpers/fake-messages-api.ts";
import { cliRunOptions, runtimesForTestFile } from "../helpers/runtime-session.ts";

// Background shells through the whole session: the stand-in Messages API asks for the calls, the real
// Bash tool starts real process groups, and TaskList / TaskOutput / TaskStop answer as the model sees them.
const runtimes = runtimesForTestFile("mini-cc-bg-");
const bashAllowed = cliRunOptions({ allowedTools: ["Bash"] });

const calls = (...uses: Array<[string, Record<string, unknown>]>) => ({
  kind: "message" as const,
  message: {
    content: uses.map(([name, input], i): FakeBlock => ({ type: "tool_use", id: `toolu_${name}_${i}`, name, input })),
  },
});
const text = (value: string) => ({
  kind: "message" as const,
  message: { content: [{ type: "text" as const, text: value }] },
});

async function turn(runtime: Runtime, prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of runtime.agent.runTurn(prompt, new AbortController().signal)) events.push(event);
  return events;
}

/** The tool results of a turn, in order, as the model got them. */
function results(events: AgentEvent[]): string[] {
  return events.flatMap((event) => (event.type === "tool_result" ? [String(event.result.content)] : []));
}

/** The text blocks the model got on the user side of request `index` (reminders come this way). */
function userTexts(api: FakeMessagesApi, index: number): string[] {
  const messages = api.requests[index]!.body["messages"] as Array<{ role: string; content: unknown }>;
  const last = messages.at(-1)!;
  if (typeof last.content === "string") return [last.content];
  return (last.content as Array<{ type: string; text?: string }>).flatMap((b) => (b.type === "text" ? [b.text!] : []));
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("background shells", () => {
  it("starts `sleep 30; touch done` at once, lists it, reads it and stops its whole group: done never appears", async () => {
    const api = await FakeMessagesApi.start([
      calls(["Bash", { command: "echo pgid $$; sleep 30; touch done", run_in_background: true }]),
      text("started"),
      calls(["TaskList", {}], ["TaskOutput", { task_id: "b1", block: false }], ["TaskStop", { task_id: "b1" }]),
      text("stopped"),
      calls(["TaskOutput", {}], ["BashOutput", { task_id: "b7" }], ["KillShell", { shell_id: "b1" }]),
      text("done"),
    ]);
    runtimes.afterTest(() => api.close());
    const runtime = await runtimes.start(api, { options: bashAllowed });
    const cwd = runtime.permissions.scope.roots[0]!;

    const started = Date.now();
    const [first] = results(await turn(runtime, "start it"));
    expect(Date.now() - started).toBeLessThan(5000);
    const file = runtime.background.get("b1")!.outputFile;
    expect(first).toBe(
      `Command running in the background with ID: b1. Output is being written to: ${file}\n` +
        'Read it with TaskOutput("b1"), stop it with TaskStop("b1"); you will be told when it ends.',
    );
    await until(() => readFileSync(file, "utf8").includes("pgid"));
    const pgid = Number(/pgid (\d+)/.exec(readFileSync(file, "utf8"))![1]);

    const [list, output, stop] = results(await turn(runtime, "look and stop"));
    expect(list).toMatch(
      /^1 background task, 1 running:\nb1 · running · \d+s · \d+ B unread · echo pgid \$\$; sleep 30; touch done$/,
    );
    expect(output).toMatch(
      new RegExp(
        `^b1 \\(echo pgid \\$\\$; sleep 30; touch done\\): running after \\d+s\nOutput file: ${file}\n\npgid ${pgid}$`,
      ),
    );
    expect(stop).toBe("Stopped b1 (echo pgid $$; sleep 30; touch done): killed (SIGTERM by TaskStop)");
    expect(liveGroups([pgid]).size).toBe(0);

    const [listed, unknown, again] = results(await turn(runtime, "again"));
    expect(listed).toMatch(
      /^1 background task, 0 running:\nb1 · killed \(SIGTERM by TaskStop\) · \d+s · 0 B unread · /,
    );
    expect(unknown).toBe('No background task with id "b7": the known ids are b1');
    expect(again).toBe("b1 is not running: it ended killed (SIGTERM by TaskStop)");
    // TaskStop said how it ended: no reminder repeats it.
    expect(userTexts(api, 4).join("\n")).not.toContain("system-reminder");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(join(cwd, "done"))).toBe(false);
  });

  it("tells the model once, at its next request, how a task ended and its last lines", async () => {
    const api = await FakeMessagesApi.start([
      calls(["Bash", { command: "echo one; echo two; exit 3", run_in_background: true }]),
      text("started"),
      text("heard"),
      text("quiet"),
    ]);
    runtimes.afterTest(() => api.close());
    const runtime = await runtimes.start(api, { options: bashAllowed });
    await turn(runtime, "start it");
    await runtime.background.waitForEnd("b1", 5000);
    await turn(runtime, "next");
    await turn(runtime, "and next");
    const file = runtime.background.get("b1")!.outputFile;
    expect(userTexts(api, 2)).toEqual([
      "next",
      expect.stringMatching(
        new RegExp(
          `^<system-reminder>\nBackground task b1 \\(echo one; echo two; exit 3\\) ended: failed \\(exit 3\\) after \\d+s\\.\nLast lines of its output:\none\ntwo\nTaskOutput\\("b1"\\) reads what you have not read yet; the whole output is in ${file}\n</system-reminder>$`,
        ),
      ),
    ]);
    expect(userTexts(api, 3)).toEqual(["and next"]);
  });

  it("writes a foreground call sent to the background (Ctrl+B) to its output file: what it printed at the move, the rest as it comes", async () => {
    // The command prints, then waits for the test's `go`, prints again, then waits for `stop`.
    const waitFor = (name: string) => `until [ -e ${name} ]; do sleep 0.05; done`;
    const command = `echo first; touch printed; ${waitFor("go")}; echo second; ${waitFor("stop")}; exit 4`;
    const api = await FakeMessagesApi.start([
      calls(["Bash", { command }]),
      text("moved"),
      calls(["TaskOutput", { task_id: "b1", block: false }]),
      text("read"),
      calls(["TaskOutput", { task_id: "b1", block: false }]),
      text("read again"),
      calls(["TaskOutput", { task_id: "b1", timeout: 10_000 }]),
      text("ended"),
    ]);
    runtimes.afterTest(() => api.close());
    const runtime = await runtimes.start(api, { options: bashAllowed });
    const cwd = runtime.permissions.scope.roots[0]!;
    const moving = turn(runtime, "run it");
    await until(() => existsSync(join(cwd, "printed")));
    expect(runtime.foreground.moveAll("Bash", "the user pressed Ctrl+B")).toBe(1);
    expect(results(await moving)[0]).toMatch(/^Moved to background as b1 \(the user pressed Ctrl\+B\)/);
    const file = runtime.background.get("b1")!.outputFile;
    expect(readFileSync(file, "utf8")).toBe("first\n");
    const [early] = results(await turn(runtime, "look"));
    expect(early).toMatch(/^b1 \(Bash\(echo first; .*\)\): running after \d+s\n/);
    expect(early).toMatch(/\n\nfirst$/);

    writeFileSync(join(cwd, "go"), "");
    await until(() => readFileSync(file, "utf8") === "first\nsecond\n");
    expect(runtime.background.get("b1")?.status).toBe("running");
    expect(results(await turn(runtime, "look again"))[0]).toMatch(/: running after \d+s\n.*\n\nsecond$/);

    writeFileSync(join(cwd, "stop"), "");
    const [ended] = results(await turn(runtime, "wait for it"));
    expect(ended).toMatch(/^b1 \(Bash\(echo first; .*\)\): failed \(exit 4\) after \d+s\n.*\n\nExit code 4$/);
    expect(readFileSync(file, "utf8")).toBe("first\nsecond\nExit code 4\n");
  });

  it("asks before a background command as before a foreground one, and runs nothing when denied", async () => {
    const api = await FakeMessagesApi.start([
      calls(["Bash", { command: "touch made", run_in_background: true }]),
      text("denied"),
    ]);
    runtimes.afterTest(() => api.close());
    const runtime = await runtimes.start(api);
    const events = await turn(runtime, "start it");
    expect(events.some((event) => event.type === "permission_denied")).toBe(true);
    expect(runtime.background.getSnapshot().tasks).toEqual([]);
  });
});
