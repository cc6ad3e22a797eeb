import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../src/agent/events.ts";
import { ChatSession } from "../../../src/tui/chat-session.ts";
import { connected, END, fakeRuntime, RecordingMcp, ScriptedTurn, server, TRACKER_TOOLS } from "../../helpers/tui-fixtures.ts";

const kinds = (session: ChatSession) => session.transcript.getSnapshot().items.map((i) => i.kind);

describe("ChatSession", () => {
  it("runs a prompt as a turn and feeds its events to the transcript", async () => {
    const events: AgentEvent[] = [{ type: "system_note", label: "date", text: "2026-10-22" }, END];
    const session = new ChatSession(fakeRuntime(new RecordingMcp(), async function* () {
      yield* events;
    }));
    expect(await session.submit("  hello  ")).toBe("done");
    expect(session.transcript.getSnapshot().items).toEqual([
      { kind: "user", id: 1, text: "hello" },
      { kind: "system", id: 2, label: "date", text: "2026-10-22" },
    ]);
    expect(session.running).toBe(false);
  });

  it("ignores an empty line", async () => {
    const session = new ChatSession(fakeRuntime());
    expect(await session.submit("   ")).toBe("done");
    expect(kinds(session)).toEqual([]);
  });

  it("refuses a second prompt while a turn runs, but runs commands", async () => {
    const turn = new ScriptedTurn();
    const session = new ChatSession(fakeRuntime(new RecordingMcp(), turn.script));
    const first = session.submit("one");
    expect(await session.submit("two")).toBe("busy");
    expect(await session.submit("/help")).toBe("done");
    turn.push(END);
    await first;
    expect(kinds(session)).toEqual(["user", "user", "command"]);
  });

  it("aborts the running turn and notes the interruption", async () => {
    const turn = new ScriptedTurn();
    const session = new ChatSession(fakeRuntime(new RecordingMcp(), turn.script));
    const done = session.submit("go");
    expect(session.abort()).toBe(true);
    await done;
    expect(kinds(session)).toEqual(["user", "notice"]);
    expect(session.abort()).toBe(false);
  });

  it("ends the turn with an error item when the agent throws", async () => {
    const session = new ChatSession(fakeRuntime(new RecordingMcp(), async function* () {
      throw new Error("socket hang up");
    }));
    await session.submit("go");
    expect(session.transcript.getSnapshot().items.at(-1)).toEqual({ kind: "error", id: 2, message: "socket hang up" });
    expect(session.running).toBe(false);
  });

  it("returns exit for /exit and clears for /clear", async () => {
    const session = new ChatSession(fakeRuntime());
    await session.submit("/help");
    await session.submit("/clear");
    expect(session.transcript.getSnapshot()).toMatchObject({ items: [] });
    expect(await session.submit("/exit")).toBe("exit");
  });

  it("sends a server decision to the manager and notes it", async () => {
    const mcp = new RecordingMcp([server("tracker", { status: "needs-approval" })]);
    const session = new ChatSession(fakeRuntime(mcp));
    await session.decideServer("tracker", "deny");
    expect(mcp.decisions).toEqual([["tracker", "deny"]]);
    expect(session.transcript.getSnapshot().items).toEqual([
      { kind: "notice", id: 1, text: "MCP server tracker will not start." },
    ]);
  });

  it("answers allow-for-session with a session-scoped decision and notes it", async () => {
    const runtime = fakeRuntime(new RecordingMcp([server("tracker", connected(TRACKER_TOOLS))]));
    const session = new ChatSession(runtime);
    const request = { toolUseId: "1", toolName: "mcp__tracker__add_comment", input: {}, summary: "x", reason: "needs approval" };
    const answer = runtime.permissionQueue.ask(request, new AbortController().signal);
    session.answerPermission(runtime.permissionQueue.getSnapshot().pending[0]!, "session");
    expect(await answer).toEqual({ behavior: "allow", scope: "session", rule: "mcp__tracker__add_comment" });
    expect(session.transcript.getSnapshot().items).toEqual([
      { kind: "notice", id: 1, text: "Allowed for the rest of this session: mcp__tracker__add_comment." },
    ]);
  });

  it("allows a Bash command's prefix for the session, not every Bash command", async () => {
    const runtime = fakeRuntime();
    const session = new ChatSession(runtime);
    const bash = (command: string) => ({ toolUseId: command, toolName: "Bash", input: { command }, summary: `Bash(${command})`, reason: "needs approval" });
    const signal = new AbortController().signal;
    const first = runtime.permissionQueue.ask(bash("npm test -- --watch"), signal);
    const sameprefix = runtime.permissionQueue.ask(bash("npm test"), signal);
    void runtime.permissionQueue.ask(bash("npm publish"), signal);
    session.answerPermission(runtime.permissionQueue.getSnapshot().pending[0]!, "session");
    expect(await first).toEqual({ behavior: "allow", scope: "session", rule: "Bash(npm test:*)" });
    expect(await sameprefix).toEqual({ behavior: "allow", scope: "session", rule: "Bash(npm test:*)" });
    expect(runtime.permissionQueue.getSnapshot().pending.map((p) => p.request.input["command"])).toEqual(["npm publish"]);
    expect(session.transcript.getSnapshot().items).toEqual([
      { kind: "notice", id: 1, text: "Allowed for the rest of this session: Bash commands starting with `npm test`." },
    ]);
  });

  it("starts and remembers every listed server on \"all\"", async () => {
    const mcp = new RecordingMcp([server("a", { status: "needs-approval" }), server("b", { status: "needs-approval" })]);
    const session = new ChatSession(fakeRuntime(mcp));
    await session.decideServer("a", "all", ["a", "b"]);
    expect(mcp.decisions).toEqual([["a", "remember"], ["b", "remember"]]);
  });

  it("sends a denial's message to the model", async () => {
    const runtime = fakeRuntime();
    const session = new ChatSession(runtime);
    const request = { toolUseId: "1", toolName: "Bash", input: {}, summary: "Bash(rm -rf dist)", reason: "needs approval" };
    const answer = runtime.permissionQueue.ask(request, new AbortController().signal);
    session.answerPermission(runtime.permissionQueue.getSnapshot().pending[0]!, "deny", "use git clean instead");
    expect(await answer).toEqual({ behavior: "deny", message: "use git clean instead" });
  });
});
