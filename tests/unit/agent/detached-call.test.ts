import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ABORTED } from "../../../src/agent/abortable.ts";
import { autoBackgroundMs, runDetachable } from "../../../src/agent/detached-call.ts";
import { BackgroundTasks } from "../../../src/background/background-tasks.ts";
import { ForegroundCalls } from "../../../src/background/foreground-calls.ts";
import { statusText } from "../../../src/background/task-state.ts";
import type { MovedOutput, Tool, ToolContext, ToolResult } from "../../../src/tools/tool.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

let dir: string;
let clock: FakeClock;
let background: BackgroundTasks;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mini-cc-detach-"));
  clock = new FakeClock(0);
  background = new BackgroundTasks({ dir, clock });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A tool whose run the test ends by hand, keeping the context it was given. */
function heldTool(server?: string) {
  const held: { ctx?: ToolContext; finish?: (result: ToolResult) => void; moved?: MovedOutput } = {};
  const tool: Tool = {
    name: server ? `mcp__${server}__job` : "Job",
    description: "",
    inputSchema: {},
    readOnly: true,
    ...(server ? { server } : {}),
    run: (_input, ctx) =>
      new Promise((resolve) => {
        held.ctx = ctx;
        held.finish = resolve;
        ctx.onMovedToBackground?.((output) => {
          held.moved = output;
        });
      }),
  };
  return { tool, held };
}

const detaching = (autoMs = 0) => ({ background, clock, autoBackgroundMs: autoMs });

describe("runDetachable", () => {
  it("lists a running call for Ctrl+B until it moved: the user's move answers the model and hands the call its task's output file", async () => {
    const { tool, held } = heldTool();
    const foreground = new ForegroundCalls();
    const turn = new AbortController();
    const answer = runDetachable(tool, {}, { cwd: dir }, turn.signal, "Job(x)", { ...detaching(), foreground });
    await Promise.resolve();
    expect(foreground.getSnapshot().map((call) => call.toolName)).toEqual(["Job"]);
    expect(foreground.moveAll("Bash", "the user pressed Ctrl+B")).toBe(0);
    expect(held.moved).toBeUndefined();
    expect(foreground.moveAll("Job", "the user pressed Ctrl+B")).toBe(1);
    expect((await answer) as ToolResult).toMatchObject({
      content: expect.stringContaining("Moved to background as b1 (the user pressed Ctrl+B)"),
    });
    expect(foreground.getSnapshot()).toEqual([]);
    // The tool writes its output to the task's file from the move on; its result is added after it.
    held.moved!.append("printed while running\n");
    expect(background.read("b1", 1000)?.text).toBe("printed while running\n");
    held.finish!({ content: "Exit code 2", isError: true });
    await background.waitForEnd("b1", 1000);
    expect(background.read("b1", 1000)?.text).toBe("Exit code 2");
  });

  it("hands the output file to a tool that asks only after the move", async () => {
    const turn = new AbortController();
    let ctx: ToolContext | undefined;
    const tool: Tool = {
      name: "Late",
      description: "",
      inputSchema: {},
      readOnly: true,
      run: (_input, given) =>
        new Promise(() => {
          ctx = given;
        }),
    };
    const foreground = new ForegroundCalls();
    const answer = runDetachable(tool, {}, { cwd: dir }, turn.signal, "Late", { ...detaching(), foreground });
    await Promise.resolve();
    foreground.moveAll("Late", "the user pressed Ctrl+B");
    await answer;
    let late: MovedOutput | undefined;
    ctx!.onMovedToBackground!((output) => {
      late = output;
    });
    late!.append("after the move");
    expect(background.read("b1", 1000)?.text).toBe("after the move");
  });

  it("shows a moved call's progress as its task's status line until it ends", async () => {
    const { tool, held } = heldTool("srv");
    const shown: Array<(line: string) => void> = [];
    let followed = 0;
    const followStatus = (key: string, show: (line: string) => void) => {
      expect(key).toBe("toolu_1");
      shown.push(show);
      followed++;
      return () => followed--;
    };
    const answer = runDetachable(tool, {}, { cwd: dir, toolUseId: "toolu_1" }, new AbortController().signal, "job", {
      ...detaching(1000),
      followStatus,
    });
    expect(shown).toEqual([]);
    clock.advance(1000);
    await answer;
    shown[0]!("task t1 working: step 2 of 5");
    expect(background.get("b1")?.statusMessage).toBe("task t1 working: step 2 of 5");
    held.finish!({ content: "done", isError: false });
    await background.waitForEnd("b1", 1000);
    expect(followed).toBe(0);
    expect(background.get("b1")?.statusMessage).toBeUndefined();
  });

  it("does not list a call that starts a background task itself (it returns at once)", async () => {
    const { tool, held } = heldTool();
    const foreground = new ForegroundCalls();
    const answer = runDetachable(tool, { run_in_background: true }, { cwd: dir }, new AbortController().signal, "Job", {
      ...detaching(),
      foreground,
    });
    await Promise.resolve();
    expect(foreground.getSnapshot()).toEqual([]);
    held.finish!({ content: "started", isError: false });
    expect(await answer).toEqual({ content: "started", isError: false });
  });

  it("answers at once when the tool moves itself to the background, and the result arrives as the task's output", async () => {
    const { tool, held } = heldTool("srv");
    const turn = new AbortController();
    const answer = runDetachable(tool, {}, { cwd: dir }, turn.signal, "mcp__srv__job(x)", detaching());
    await Promise.resolve();
    held.ctx!.moveToBackground!("the server answered with task abc");
    expect(await answer).toEqual({
      content:
        'Moved to background as b1 (the server answered with task abc). Its result arrives later: you will be told when it ends; TaskOutput("b1") reads it, TaskStop("b1") cancels it.',
      isError: false,
    });
    // The turn's Esc no longer reaches a call in the background.
    turn.abort();
    expect(held.ctx!.signal.aborted).toBe(false);
    held.finish!({ content: [{ type: "text", text: "the answer" }], isError: false });
    await background.waitForEnd("b1", 1000);
    expect(statusText(background.get("b1")!)).toBe("completed");
    expect(background.read("b1", 1000)?.text).toBe("the answer");
  });

  it("moves a plain MCP call that outlasts the threshold, and TaskStop aborts it", async () => {
    const { tool, held } = heldTool("srv");
    const answer = runDetachable(tool, {}, { cwd: dir }, new AbortController().signal, "job", detaching(120_000));
    clock.advance(119_999);
    await Promise.resolve();
    expect(background.getSnapshot().tasks).toEqual([]);
    clock.advance(1);
    const moved = await answer;
    expect(moved !== ABORTED && moved.content).toMatch(/^Moved to background as b1 \(still running after 120s\)/);
    // Its runtime counts from the call's start, not from the move.
    expect(background.get("b1")?.startedAt).toBe(0);
    const stopping = background.stop("b1", "TaskStop");
    expect(held.ctx!.signal.aborted).toBe(true);
    held.finish!({ content: "cancelled", isError: true });
    const stopped = await stopping;
    expect(stopped.ok && statusText(stopped.task)).toBe("killed (cancelled by TaskStop)");
  });

  it("never moves a built-in tool's call by time, and an Esc before the move stops the call", async () => {
    const { tool, held } = heldTool();
    const turn = new AbortController();
    const answer = runDetachable(tool, {}, { cwd: dir }, turn.signal, "job", detaching(10));
    clock.advance(1000);
    turn.abort();
    expect(await answer).toBe(ABORTED);
    expect(held.ctx!.signal.aborted).toBe(true);
    expect(background.getSnapshot().tasks).toEqual([]);
  });

  it("reads MINI_CC_MCP_AUTO_BACKGROUND_MS, naming the variable when it is wrong", () => {
    expect([autoBackgroundMs(undefined), autoBackgroundMs("500"), autoBackgroundMs("0")]).toEqual([120_000, 500, 0]);
    expect(autoBackgroundMs("soon")).toEqual({
      problem:
        'MINI_CC_MCP_AUTO_BACKGROUND_MS must be a whole number of milliseconds (0 turns it off), not "soon": using 120000',
    });
  });
});
