// MCP calls that outlast MINI_CC_MCP_AUTO_BACKGROUND_MS (set low here) go to the background: the turn goes on,
// the result comes as a reminder later, and TaskStop cancels one on the real server (notifications/cancelled).
// A moved call's progress (notifications/progress, an MCP task's status) is its task's live status line.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/agent/events.ts";
import { statusText } from "../../src/background/task-state.ts";
import type { Runtime } from "../../src/session/runtime.ts";
import { FakeMessagesApi, type FakeBlock } from "../helpers/fake-messages-api.ts";
import { cliRunOptions, runtimesForTestFile } from "../helpers/runtime-session.ts";

const SERVER = resolve(import.meta.dirname, "../helpers/mcp-test-server.mjs");
const PROTOCOL_SERVER = resolve(import.meta.dirname, "../helpers/mcp-protocol-server.mjs");
const TASK_SERVER = resolve(import.meta.dirname, "../helpers/task-server.mjs");
const runtimes = runtimesForTestFile("mini-cc-bg-mcp-");

const call = (name: string, input: Record<string, unknown>) => ({
  kind: "message" as const,
  message: { content: [{ type: "tool_use", id: `toolu_${name}`, name, input } as FakeBlock] },
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
const results = (events: AgentEvent[]) =>
  events.flatMap((event) => (event.type === "tool_result" ? [String(event.result.content)] : []));

async function startWithServer(api: FakeMessagesApi, cancelFile: string): Promise<Runtime> {
  const env = { MCP_TEST_WAIT_TOOL: "1", MCP_TEST_CANCEL_FILE: cancelFile };
  return startWith(api, "test", { command: process.execPath, args: [SERVER], env });
}

async function startWith(api: FakeMessagesApi, name: string, server: Record<string, unknown>): Promise<Runtime> {
  const runtime = await runtimes.start(api, {
    options: cliRunOptions({
      mcpConfig: [JSON.stringify({ mcpServers: { [name]: server } })],
      allowedTools: [`mcp__${name}`],
    }),
    env: { MINI_CC_MCP_AUTO_BACKGROUND_MS: "300" },
  });
  await runtime.startServers();
  return runtime;
}

describe("MCP calls moved to the background", () => {
  it("answers the model at once once a call outlasts the threshold, and brings its result later", async () => {
    const api = await FakeMessagesApi.start([call("mcp__test__wait", { ms: 2500 }), text("waiting"), text("got it")]);
    runtimes.afterTest(() => api.close());
    const runtime = await startWithServer(api, join(mkdtempSync(join(tmpdir(), "bg-mcp-")), "cancelled"));

    const started = Date.now();
    const [moved] = results(await turn(runtime, "wait a bit"));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(moved).toBe(
      'Moved to background as b1 (still running after 0.3s). Its result arrives later: you will be told when it ends; TaskOutput("b1") reads it, TaskStop("b1") cancels it.',
    );
    expect(runtime.background.get("b1")).toMatchObject({ kind: "mcp", label: "mcp__test__wait", status: "running" });

    await runtime.background.waitForEnd("b1", 10_000);
    expect(statusText(runtime.background.get("b1")!)).toBe("completed");
    await turn(runtime, "and now?");
    const last = (api.requests[2]!.body["messages"] as Array<{ content: Array<{ type: string; text?: string }> }>).at(
      -1,
    )!;
    const reminder = last.content.find((block) => block.text?.startsWith("<system-reminder>"))?.text ?? "";
    expect(reminder).toMatch(
      /^<system-reminder>\nBackground task b1 \(mcp__test__wait\) ended: completed after \d+s\.\nLast lines of its output:\nwaited 2500 ms\n/,
    );
  });

  it("cancels a moved call on the server when TaskStop stops it", async () => {
    const cancelFile = join(mkdtempSync(join(tmpdir(), "bg-mcp-")), "cancelled");
    const api = await FakeMessagesApi.start([
      call("mcp__test__slow", {}),
      text("moved"),
      call("TaskStop", { task_id: "b1" }),
      text("stopped"),
    ]);
    runtimes.afterTest(() => api.close());
    const runtime = await startWithServer(api, cancelFile);
    await turn(runtime, "start the slow one");
    expect(runtime.background.get("b1")?.status).toBe("running");
    const [stopped] = results(await turn(runtime, "stop it"));
    expect(stopped).toBe("Stopped b1 (mcp__test__slow): killed (cancelled by TaskStop)");
    for (let i = 0; i < 100 && !existsSync(cancelFile); i++) await new Promise((r) => setTimeout(r, 20));
    expect(readFileSync(cancelFile, "utf8")).toMatch(/^cancelled /);
  });

  it("shows a moved call's progress notifications as its task's status line, for TaskOutput", async () => {
    const api = await FakeMessagesApi.start([
      call("mcp__proto__work", { count: 40, progress: true, durationMs: 8000 }),
      text("moved"),
      call("TaskOutput", { task_id: "b1", block: false }),
      text("read"),
    ]);
    runtimes.afterTest(() => api.close());
    const runtime = await startWith(api, "proto", { command: process.execPath, args: [PROTOCOL_SERVER] });
    expect(results(await turn(runtime, "work"))[0]).toMatch(/^Moved to background as b1 \(still running after 0.3s\)/);
    const status = () => runtime.background.get("b1")?.statusMessage ?? "";
    await until(() => /^[█░]{10} \d+\/40$/.test(status()));
    const seen = status();
    await until(() => status() !== seen);
    const [read] = results(await turn(runtime, "how far?"));
    expect(read).toMatch(/\nStatus: [█░]{10} \d+\/40\n/);
    await runtime.background.stop("b1", "user");
  });

  it("shows a call answered with an MCP task with the task's status live as its task's status line", async () => {
    const api = await FakeMessagesApi.start([call("mcp__tasker__steps", { count: 400 }), text("moved")]);
    runtimes.afterTest(() => api.close());
    const runtime = await startWith(api, "tasker", { command: process.execPath, args: [TASK_SERVER] });
    expect(results(await turn(runtime, "go"))[0]).toMatch(/^Moved to background as b1 \(MCP task task-1\)/);
    const status = () => runtime.background.get("b1")?.statusMessage ?? "";
    await until(() => /^task task-1 working: step \d+ of 400$/.test(status()));
    const seen = status();
    await until(() => status() !== seen && status() !== "");
    await runtime.background.stop("b1", "user");
    expect(runtime.background.get("b1")?.statusMessage).toBeUndefined();
  });
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
