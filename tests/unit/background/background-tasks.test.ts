import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BackgroundTasks } from "../../../src/background/background-tasks.ts";
import type { TaskControl } from "../../../src/background/running-task.ts";
import type { OutputFile } from "../../../src/background/output-file.ts";
import { runtimeText, statusText } from "../../../src/background/task-state.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

let dir: string;
let clock: FakeClock;
let tasks: BackgroundTasks;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mini-cc-bg-"));
  clock = new FakeClock(1_000_000);
  tasks = new BackgroundTasks({ dir, clock });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A task whose work is a hand-held output and a stop that ends it with SIGTERM. */
function started(label = "sleep 30"): { id: string; output: OutputFile; stops: string[] } {
  const held = { output: undefined as OutputFile | undefined, stops: [] as string[] };
  const outcome = tasks.start({ kind: "shell", label, toolName: "Bash" }, (output, id): TaskControl => {
    held.output = output;
    return {
      stop: async () => {
        held.stops.push(id);
        tasks.finish(id, { kind: "exit", code: null, signal: "SIGTERM" });
        return "SIGTERM";
      },
    };
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return { id: outcome.task.id, output: held.output!, stops: held.stops };
}

describe("BackgroundTasks", () => {
  it("gives short ids in order and lists every task, ended ones too", () => {
    const a = started("one");
    const b = started("two");
    tasks.finish(a.id, { kind: "exit", code: 0, signal: null });
    expect(tasks.getSnapshot().tasks.map((t) => [t.id, t.label, statusText(t)])).toEqual([
      ["b1", "one", "completed (exit 0)"],
      ["b2", "two", "running"],
    ]);
    expect(b.id).toBe("b2");
  });

  it("says how each task ended, honestly", () => {
    const failed = started();
    tasks.finish(failed.id, { kind: "exit", code: 3, signal: null });
    const signalled = started();
    tasks.finish(signalled.id, { kind: "exit", code: null, signal: "SIGSEGV" });
    const call = started();
    tasks.finish(call.id, { kind: "result", isError: true });
    expect(tasks.getSnapshot().tasks.map(statusText)).toEqual([
      "failed (exit 3)",
      "failed (SIGSEGV)",
      "failed (the tool returned an error)",
    ]);
  });

  it("calls a stopped task killed, never completed, even when it exits 0 on SIGTERM", async () => {
    const held = { id: "" };
    const outcome = tasks.start({ kind: "shell", label: "trap 'exit 0' TERM", toolName: "Bash" }, (_output, id) => {
      held.id = id;
      return {
        stop: async () => {
          tasks.finish(id, { kind: "exit", code: 0, signal: null });
          return "SIGTERM";
        },
      };
    });
    expect(outcome.ok).toBe(true);
    clock.advance(65_000);
    const stopped = await tasks.stop(held.id, "TaskStop");
    expect(stopped.ok && statusText(stopped.task)).toBe("killed (SIGTERM by TaskStop)");
    expect(runtimeText(tasks.get(held.id)!, clock.now())).toBe("1m 05s");
    const user = started();
    await tasks.stop(user.id, "user");
    expect(statusText(tasks.get(user.id)!)).toBe("killed (SIGTERM by the user)");
  });

  it("refuses to stop a task that already ended, and an unknown id lists the known ones", async () => {
    const done = started();
    tasks.finish(done.id, { kind: "exit", code: 0, signal: null });
    expect(await tasks.stop(done.id, "TaskStop")).toEqual({
      ok: false,
      message: "b1 is not running: it ended completed (exit 0)",
    });
    expect(done.stops).toEqual([]);
    expect(await tasks.stop("b9", "TaskStop")).toEqual({
      ok: false,
      message: 'No background task with id "b9": the known ids are b1',
    });
    expect(new BackgroundTasks({ dir, clock }).unknownIdMessage("x")).toBe(
      'No background task with id "x": there are no background tasks',
    );
  });

  it("refuses the task past the running limit with a clear error, and takes one again once another ended", () => {
    const small = new BackgroundTasks({ dir, clock, maxRunning: 3 });
    const control = { stop: async () => undefined };
    for (let i = 0; i < 3; i++)
      expect(small.start({ kind: "shell", label: "x", toolName: "Bash" }, () => control).ok).toBe(true);
    expect(small.start({ kind: "shell", label: "x", toolName: "Bash" }, () => control)).toEqual({
      ok: false,
      message:
        "3 background tasks are running already, the most allowed at once: stop one with TaskStop (TaskList lists them) before starting another",
    });
    small.finish("b2", { kind: "exit", code: 0, signal: null });
    expect(small.start({ kind: "shell", label: "x", toolName: "Bash" }, () => control).ok).toBe(true);
  });

  it("hands out what is new since the last read, and counts the unread bytes", () => {
    const task = started();
    task.output.append("one\n");
    expect(tasks.read(task.id, 1000)?.text).toBe("one\n");
    task.output.append("two\n");
    clock.advance(300);
    expect(tasks.get(task.id)).toMatchObject({ bytesWritten: 8, bytesRead: 4 });
    expect(tasks.read(task.id, 1000)?.text).toBe("two\n");
    expect(tasks.read(task.id, 1000)?.text).toBe("");
  });

  it("tells each ending once: a reminder, or a read that showed it", () => {
    const told = started();
    const read = started();
    started();
    tasks.finish(told.id, { kind: "exit", code: 1, signal: null });
    tasks.finish(read.id, { kind: "exit", code: 0, signal: null });
    tasks.read(read.id, 1000);
    expect(tasks.takeEndings().map((t) => t.id)).toEqual([told.id]);
    expect(tasks.takeEndings()).toEqual([]);
  });

  it("a launch that throws leaves a failed task saying why", () => {
    const outcome = tasks.start({ kind: "shell", label: "x", toolName: "Bash" }, () => {
      throw new Error("spawn bash ENOENT");
    });
    expect(outcome.ok && statusText(outcome.task)).toBe("failed (spawn bash ENOENT)");
  });

  it("waits for a task's end, or for the timeout", async () => {
    const task = started();
    const waited = tasks.waitForEnd(task.id, 5000);
    clock.advance(5000);
    await waited;
    expect(tasks.get(task.id)?.status).toBe("running");
    const again = tasks.waitForEnd(task.id, 60_000);
    tasks.finish(task.id, { kind: "exit", code: 0, signal: null });
    await again;
    expect(tasks.get(task.id)?.status).toBe("completed");
  });

  it("stops every running task at once", async () => {
    const a = started();
    const b = started();
    tasks.finish(b.id, { kind: "exit", code: 0, signal: null });
    const c = started();
    await tasks.stopAll("user");
    expect([...a.stops, ...b.stops, ...c.stops]).toEqual(["b1", "b3"]);
    expect(tasks.running()).toBe(0);
  });
});
