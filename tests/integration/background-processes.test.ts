// Background shells as processes: what TaskStop ends (children, grandchildren, a daemon that left the
// group), output that never stops (capped file, the command keeps running), escape sequences, the limit.
import { readFileSync, statSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { visibleText } from "../../components/transcript/text.ts";
import { BackgroundTasks, MAX_RUNNING_TASKS } from "../../src/background/background-tasks.ts";
import { FILE_HEAD_BYTES } from "../../src/background/output-file.ts";
import { statusText } from "../../src/background/task-state.ts";
import { systemClock } from "../../src/clock.ts";
import { livePids } from "../../src/processes/process-table.ts";
import { BashTool } from "../../src/tools/bash.ts";
import { TaskOutputTool } from "../../src/tools/task-output.ts";

let dir: string;
let tasks: BackgroundTasks;
let bash: BashTool;
const ctx = () => ({ cwd: dir, signal: new AbortController().signal });

beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), "mini-cc-bgp-")));
  tasks = new BackgroundTasks({ dir: path.join(dir, ".tasks"), clock: systemClock });
  bash = new BashTool({ background: tasks });
});
afterEach(async () => {
  await tasks.stopAll("exit");
  await rm(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function background(command: string): Promise<string> {
  const result = await bash.run({ command, run_in_background: true }, ctx());
  expect(result.isError).toBe(false);
  return /ID: (b\d+)/.exec(String(result.content))![1]!;
}

describe("background shells as processes", () => {
  it("stops a dev-server-like command whole: children, grandchildren and daemons that left its group", async () => {
    const id = await background(
      [
        "sleep 30 & echo child $!",
        "(sleep 30 & echo grandchild $!; wait) &",
        "setsid sleep 30 & echo daemon $!",
        // Its parent gone at once, an orphan only the task's marker leads back to.
        "(setsid sleep 30 & echo orphan $!) ; sleep 0.2",
        `${JSON.stringify(process.execPath)} -e 'setInterval(() => {}, 1000)' & echo server $!`,
        "wait",
      ].join("\n"),
    );
    const file = tasks.get(id)!.outputFile;
    await until(() => (readFileSync(file, "utf8").match(/^\w+ \d+$/gm) ?? []).length === 5);
    const pids = [...readFileSync(file, "utf8").matchAll(/^\w+ (\d+)$/gm)].map((m) => Number(m[1]));
    expect(livePids(pids)).toHaveLength(5);
    const stopped = await tasks.stop(id, "TaskStop");
    expect(stopped.ok && statusText(stopped.task)).toBe("killed (SIGTERM by TaskStop)");
    expect(livePids(pids)).toEqual([]);
  });

  it("keeps a command that prints a gigabyte running while its file stays capped; the reader gets head, tail and path", async () => {
    // 1 GiB of x as fast as `yes` makes it; read once 64 MiB went by (the whole GiB takes 10 s or more on a busy machine).
    const id = await background(`yes "$(printf 'x%.0s' {1..1023})" | head -c 1073741824; echo; echo last line`);
    await until(() => {
      tasks.catchUp();
      return tasks.get(id)!.bytesWritten > 64 * 1024 * 1024;
    }, 60_000);
    expect(tasks.get(id)!.status).toBe("running");
    const file = tasks.get(id)!.outputFile;
    expect(statSync(file).size).toBe(FILE_HEAD_BYTES);
    const read = String((await new TaskOutputTool(tasks).run({ task_id: id, block: false }, ctx())).content);
    expect(read.length).toBeLessThan(101_000);
    // Checked as booleans: a failure must not print 100 kB of x.
    expect(/^b1 \(yes .*\): running after \d+s\nOutput file: .*\n\nxxxx/.test(read)).toBe(true);
    const note = `bytes left out here; the output file holds the rest: ${file}] …\n\n`;
    expect(read.includes(note)).toBe(true);
    expect(/^[x\n]+$/.test(read.slice(read.indexOf(note) + note.length))).toBe(true);
    const stopped = await tasks.stop(id, "TaskStop");
    expect(stopped.ok && statusText(stopped.task)).toBe("killed (SIGTERM by TaskStop)");
    // The file keeps its head and, after a note on what was left out, the tail.
    const kept = readFileSync(file, "utf8");
    expect(kept.length).toBeLessThan(FILE_HEAD_BYTES + 300 * 1024);
    expect(kept.slice(FILE_HEAD_BYTES, FILE_HEAD_BYTES + 60)).toMatch(
      /^\n… \[\d+ bytes of output left out here\] …\nx/,
    );
  });

  it("hands escape sequences to the model as written, and the transcript shows them harmless", async () => {
    const id = await background("printf 'a\\033[2Jb\\033]0;pwned\\007c\\n'");
    await tasks.waitForEnd(id, 5000);
    const read = String((await new TaskOutputTool(tasks).run({ task_id: id }, ctx())).content);
    expect(read).toContain("a\x1b[2Jb\x1b]0;pwned\x07c");
    expect(visibleText(read)).toContain("a␛[2Jb␛]0;pwned␇c");
    expect(visibleText(read)).not.toContain("\x1b");
  });

  it(`refuses background task ${MAX_RUNNING_TASKS + 1} with a clear error while ${MAX_RUNNING_TASKS} run`, async () => {
    const control = { stop: async () => undefined };
    for (let i = 0; i < MAX_RUNNING_TASKS - 1; i++)
      tasks.start({ kind: "tool", label: "x", toolName: "x" }, () => control);
    await background("sleep 30");
    const refused = await bash.run({ command: "touch refused", run_in_background: true }, ctx());
    expect(refused).toEqual({
      content: `Bash: ${MAX_RUNNING_TASKS} background tasks are running already, the most allowed at once: stop one with TaskStop (TaskList lists them) before starting another`,
      isError: true,
    });
  });
});
