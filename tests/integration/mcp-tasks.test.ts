// The Tasks extension (issue 35) against a real 2026-07-28 server on the v2 server package
// (tests/helpers/task-server.mjs): a call answered with a task is followed to its result, its
// status shown as it changes, its question answered through the elicitation path and sent
// back with tasks/update, its end forced with tasks/cancel; hostile poll intervals, ids and
// messages are bounded and made safe; MINI_CC_DISABLE_MCP_TASKS=1 leaves the extension out.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { McpManager } from "../../src/mcp/manager.ts";
import {
  askingHandlers,
  unattendedHandlers,
  type ServerQuestion,
  type ServerRequestHandlers,
} from "../../src/mcp/requests/server-requests.ts";
import { ScriptedModel } from "../../src/model/scripted-model.ts";
import { MemoryApprovals, stdioServer } from "../helpers/mcp-fixtures.ts";
import { NODE, ROOT } from "../helpers/cli-sandbox.ts";

const TASKER = join(ROOT, "tests/helpers/task-server.mjs");
let manager: McpManager | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await manager?.close();
  manager = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A manager with the task server; `questions` collects what the user was asked (answered with a name). */
async function start(
  env: Record<string, string> = {},
  managerEnv: Record<string, string> = {},
  handlers?: ServerRequestHandlers,
) {
  const dir = mkdtempSync(join(tmpdir(), "mini-cc-tasks-"));
  dirs.push(dir);
  const logFile = join(dir, "tasks.log");
  const questions: ServerQuestion[] = [];
  manager = new McpManager({
    projectDir: process.cwd(),
    approvals: new MemoryApprovals(),
    logDir: dir,
    env: { ...process.env, ...managerEnv },
    interactive: true,
    serverRequests:
      handlers ??
      askingHandlers({
        model: new ScriptedModel({ responses: [] }),
        ask: (async (question: ServerQuestion) => {
          questions.push(question);
          return { action: "accept", values: { name: "Ada" } };
        }) as never,
        openUrl: async () => ({ kind: "opened", via: "test" }),
        log: () => {},
      }),
  });
  await manager.start([
    stdioServer("tasker", { command: NODE, args: [TASKER], env: { MCP_TASK_LOG: logFile, ...env } }),
  ]);
  const log = () =>
    readFileSync(logFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { manager, questions, log };
}

const text = (result: { content: unknown }) =>
  typeof result.content === "string" ? result.content : (result.content as Array<{ text: string }>)[0]?.text;

describe("MCP tasks on a 2026-07-28 server", () => {
  it("follows a task to its result, with its status live in the progress store", async () => {
    const { manager, log } = await start();
    const seen: string[] = [];
    const unsubscribe = manager.progress.subscribe((calls) => {
      const task = calls.get("t1")?.task;
      if (task?.message && seen.at(-1) !== task.message) seen.push(task.message);
    });
    const moved: string[] = [];
    const result = await manager.call(
      "tasker",
      "steps",
      { count: 3 },
      {
        progressKey: "t1",
        moveToBackground: (reason) => moved.push(reason),
      },
    );
    unsubscribe();
    expect(result).toMatchObject({ content: [{ type: "text", text: "done after 3 steps" }], isError: false });
    expect(seen).toEqual(expect.arrayContaining(["step 1 of 3", "step 2 of 3", "step 3 of 3"]));
    expect(moved).toEqual(["MCP task task-1"]);
    expect(log().filter((entry) => entry.method === "tasks/get").length).toBeGreaterThan(2);
    expect(log()[0]).toEqual({ call: "steps", declared: true });
  });

  it("answers a task's question through the elicitation path and tasks/update", async () => {
    const { manager, questions, log } = await start();
    const result = await manager.call("tasker", "ask", {});
    expect(text(result)).toBe('answered {"action":"accept","content":{"name":"Ada"}}');
    expect(questions).toMatchObject([{ kind: "elicit-form", server: "tasker", message: "Who runs this task?" }]);
    expect(log().find((entry) => entry.method === "tasks/update")).toMatchObject({
      inputResponses: { who: { action: "accept", content: { name: "Ada" } } },
    });
  });

  it("declines a task's question where nobody can answer (print mode), as any server's", async () => {
    const said: string[] = [];
    const printMode = unattendedHandlers({ allowSampling: false, say: (line) => said.push(line) });
    const { manager, log } = await start({}, {}, printMode);
    expect(text(await manager.call("tasker", "ask", {}))).toBe('answered {"action":"decline"}');
    expect(said).toEqual(["MCP server tasker asked for input: declined (nobody to ask in print mode)"]);
    expect(log().find((entry) => entry.method === "tasks/update")).toMatchObject({
      inputResponses: { who: { action: "decline" } },
    });
  });

  it("cancels the task on the server when the user cancels the call", async () => {
    const { manager, log } = await start();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 400);
    const result = await manager.call("tasker", "endless", {}, { signal: controller.signal });
    expect(result).toEqual({ content: "MCP tool endless was cancelled.", isError: true });
    await expect.poll(() => log().some((entry) => entry.method === "tasks/cancel")).toBe(true);
  });

  it("bounds a task that never ends by the call's timeout, names the server, and cancels it", async () => {
    const { manager, log } = await start({}, { MCP_TOOL_TIMEOUT: "600" });
    const started = Date.now();
    const result = await manager.call("tasker", "endless", {});
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result).toEqual({
      content:
        "MCP tool endless failed: server tasker's task task-1 did not end within 0.6s (MCP_TOOL_TIMEOUT); mini-cc cancelled it",
      isError: true,
    });
    await expect.poll(() => log().some((entry) => entry.method === "tasks/cancel")).toBe(true);
  });

  it("bounds a poll interval of 0 and of a day", async () => {
    const busy = await start({ MCP_TASK_POLL_MS: "0" });
    expect(text(await busy.manager.call("tasker", "steps", { count: 2 }))).toBe("done after 2 steps");
    // About 450 ms of work at no less than 100 ms a poll: not hundreds of requests.
    expect(busy.log().filter((entry) => entry.method === "tasks/get").length).toBeLessThan(12);
    await busy.manager.close();
    const slow = await start({ MCP_TASK_POLL_MS: "86400000" }, { MCP_TOOL_TIMEOUT: "20000" });
    const started = Date.now();
    expect(text(await slow.manager.call("tasker", "steps", { count: 1 }))).toBe("done after 1 steps");
    expect(Date.now() - started).toBeLessThan(12_000);
  }, 30_000);

  it("hears notifications/tasks between polls", async () => {
    const { manager, log } = await start({ MCP_TASK_POLL_MS: "86400000", MCP_TASK_NOTIFY: "1" });
    const started = Date.now();
    expect(text(await manager.call("tasker", "steps", { count: 2 }))).toBe("done after 2 steps");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(log().filter((entry) => entry.method === "tasks/get").length).toBeLessThanOrEqual(1);
  });

  it("shows a task id and status message with escape sequences only escaped", async () => {
    const { manager } = await start();
    const shown: string[] = [];
    const unsubscribe = manager.progress.subscribe((calls) => {
      const task = calls.get("t1")?.task;
      if (task) shown.push(`${task.id} ${task.message ?? ""}`);
    });
    const result = await manager.call("tasker", "hostile", {}, { progressKey: "t1" });
    unsubscribe();
    expect(text(result)).toBe("hostile done");
    expect(shown.length).toBeGreaterThan(0);
    for (const line of shown) expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(shown.join("\n")).toContain("evil-\\x1b[31mred");
  });

  it("leaves the extension undeclared under MINI_CC_DISABLE_MCP_TASKS=1, and says why a task tool fails", async () => {
    const { manager } = await start({}, { MINI_CC_DISABLE_MCP_TASKS: "1" });
    expect(text(await manager.call("tasker", "caps", {}))).toBe('{"tasks":false}');
    const result = await manager.call("tasker", "steps", { count: 1 });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("requires the io.modelcontextprotocol/tasks extension");
  });
});
