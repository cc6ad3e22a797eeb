// A running MCP task as the transcript row and the panel show it (issue 35): the poll interval a
// server suggests is bounded, the task's status is kept beside the call's progress, and the
// lines say the task's id, status and message.
import { describe, expect, it } from "vitest";
import { MAX_POLL_MS, MIN_POLL_MS, pollDelayMs, shownTaskId } from "../../../src/mcp/connection/task-follower.ts";
import { progressText, serverTasksText, ToolProgressStore } from "../../../src/mcp/tools/progress.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { KILLED, killedText } from "../../../src/agent/tool-runner.ts";
import {
  stillRunningNote,
  stillRunningShown,
  stillRunningText,
  unfinishedTasks,
} from "../../../src/agent/unfinished-tasks.ts";

describe("a task's poll interval", () => {
  it("is bounded both ways, and defaults when absent", () => {
    expect(pollDelayMs(0)).toBe(MIN_POLL_MS);
    expect(pollDelayMs(86_400_000)).toBe(MAX_POLL_MS);
    expect(pollDelayMs(Number.NaN)).toBe(pollDelayMs(undefined));
    expect(pollDelayMs(700)).toBe(700);
  });
});

describe("a task's id as shown", () => {
  it("is terminal-safe and short", () => {
    expect(shownTaskId("a\u001b[31mb")).toBe("a\\x1b[31mb");
    expect(shownTaskId("x".repeat(500)).length).toBe(60);
  });
});

describe("a task in the progress store", () => {
  it("is kept beside the call's progress and shown in its row and by server", () => {
    const clock = new FakeClock();
    const store = new ToolProgressStore(clock, 0);
    store.reportTask("t1", { id: "task-1", status: "working", message: "step 1", server: "tasker" });
    clock.advance(1);
    expect(progressText(store.getSnapshot().get("t1")!)).toBe("task task-1 working: step 1");
    store.report("t1", { progress: 2, total: 4 });
    clock.advance(1);
    expect(progressText(store.getSnapshot().get("t1")!)).toBe("task task-1 working: step 1 · █████░░░░░ 2/4");
    store.reportTask("t2", { id: "task-2", status: "input_required", server: "other" });
    clock.advance(1);
    expect(serverTasksText(store.getSnapshot(), "tasker")).toBe("task task-1 working: step 1");
    expect(serverTasksText(store.getSnapshot(), "nobody")).toBe("");
    store.finish("t1");
    expect(serverTasksText(store.getSnapshot(), "tasker")).toBe("");
  });
});

describe("a task a saved session left running", () => {
  const task = { type: "task" as const, toolUseId: "toolu_1", server: "tasker", taskId: "t-\u001b[31m1" };
  it("is unfinished until an ended line for its call", () => {
    expect([...unfinishedTasks([task]).keys()]).toEqual(["toolu_1"]);
    expect(unfinishedTasks([task, { ...task, ended: true }]).size).toBe(0);
  });
  it("answers its unanswered call with the task, escaped; any other call as killed", () => {
    const open = unfinishedTasks([task]);
    expect(killedText("toolu_1", open)).toBe(
      "MCP task t-\\x1b[31m1 was still running on server tasker when mini-cc stopped; its result never arrived",
    );
    expect(killedText("toolu_2", open)).toBe(KILLED);
  });
  it("is noted for a call that had moved to the background, and the note reads back as shown", () => {
    const note = stillRunningNote(task);
    expect(stillRunningShown(note)).toBe(`The call toolu_1: ${stillRunningText(task)}`);
    expect(stillRunningShown("[Request interrupted by user]")).toBeUndefined();
  });
});
