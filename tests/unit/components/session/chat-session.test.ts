import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../../src/agent/events.ts";
import { ChatSession } from "../../../../components/session/chat-session.ts";
import {
  connected,
  END,
  fakeRuntime,
  RecordingMcp,
  ScriptedTurn,
  server,
  TRACKER_TOOLS,
} from "../../../helpers/tui-fixtures.ts";

const kinds = (session: ChatSession) => session.transcript.getSnapshot().items.map((i) => i.kind);

describe("ChatSession", () => {
  it("runs a prompt as a turn and feeds its events to the transcript", async () => {
    const events: AgentEvent[] = [{ type: "system_note", label: "date", text: "2026-10-22" }, END];
    const session = new ChatSession(
      fakeRuntime({
        turn: async function* () {
          yield* events;
        },
      }),
    );
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

  it("queues a prompt sent while a turn runs and sends it when the turn ends; commands run at once", async () => {
    const prompts: string[] = [];
    const turns = [new ScriptedTurn(), new ScriptedTurn()];
    const session = new ChatSession(
      fakeRuntime({
        turn: (prompt, signal, queue) => {
          prompts.push(prompt);
          return turns[prompts.length - 1]!.script(prompt, signal, queue);
        },
      }),
    );
    const first = session.submit("one");
    const second = session.submit("two");
    expect(session.queue.getSnapshot()).toEqual(["two"]);
    expect(await session.submit("/help")).toBe("done");
    expect(prompts).toEqual(["one"]);
    turns[0]!.push(END);
    await first;
    expect(prompts).toEqual(["one", "two"]);
    expect(session.queue.getSnapshot()).toEqual([]);
    turns[1]!.push(END);
    expect(await second).toBe("done");
    expect(kinds(session)).toEqual(["user", "user", "command", "user"]);
  });

  it("takes queued prompts back, one per line, and never sends them", async () => {
    const prompts: string[] = [];
    const turn = new ScriptedTurn();
    const session = new ChatSession(
      fakeRuntime({
        turn: (prompt, signal, queue) => {
          prompts.push(prompt);
          return turn.script(prompt, signal, queue);
        },
      }),
    );
    const first = session.submit("one");
    const queued = [session.submit("two"), session.submit("three")];
    expect(session.unqueue()).toBe("two\nthree");
    expect(await Promise.all(queued)).toEqual(["unqueued", "unqueued"]);
    expect(session.unqueue()).toBe("");
    turn.push(END);
    await first;
    expect(prompts).toEqual(["one"]);
  });

  it("holds a prompt until every MCP server has settled, then sends it", async () => {
    const mcp = new RecordingMcp([
      server("tracker", { status: "pending" }),
      server("memory", { status: "needs-approval" }),
    ]);
    const prompts: string[] = [];
    const session = new ChatSession(
      fakeRuntime({
        mcp,
        turn: async function* (prompt) {
          prompts.push(prompt);
          yield END;
        },
      }),
    );
    const sent = session.submit("list the issues");
    expect(session.running).toBe(false);
    expect(session.queue.getSnapshot()).toEqual(["list the issues"]);
    mcp.set("tracker", connected(TRACKER_TOOLS));
    mcp.decide("memory", "once");
    expect(prompts).toEqual([]);
    mcp.set("memory", { status: "failed", error: "boom", code: "connect-failed" });
    expect(await sent).toBe("done");
    expect(prompts).toEqual(["list the issues"]);
  });

  it("sends a held prompt at once when asked, without waiting for the servers", async () => {
    const mcp = new RecordingMcp([server("slow", { status: "pending" })]);
    const session = new ChatSession(
      fakeRuntime({
        mcp,
        turn: async function* () {
          yield END;
        },
      }),
    );
    expect(session.sendNow()).toBe(false);
    const sent = session.submit("go anyway");
    expect(session.sendNow()).toBe(true);
    expect(session.running).toBe(true);
    expect(await sent).toBe("done");
    // The next prompt waits again.
    void session.submit("and this one");
    expect(session.running).toBe(false);
    expect(session.queue.getSnapshot()).toEqual(["and this one"]);
  });

  it("starts a new conversation on /clear, after the running turn and the prompts queued before it", async () => {
    const turn = new ScriptedTurn();
    const runtime = fakeRuntime({ turn: turn.script });
    const session = new ChatSession(runtime);
    await session.submit("/clear");
    expect(runtime.conversations).toBe(2);
    const first = session.submit("one");
    const clear = session.submit("/clear");
    expect(session.queue.getSnapshot()).toEqual(["/clear"]);
    expect(runtime.conversations).toBe(2);
    turn.push(END);
    await first;
    expect(await clear).toBe("done");
    expect(runtime.conversations).toBe(3);
    expect(session.transcript.getSnapshot().items).toEqual([
      expect.objectContaining({
        kind: "notice",
        text: "Conversation cleared: the model starts afresh (MCP servers and session allowances stay).",
      }),
    ]);
  });

  it("sends /compact to the runtime as a turn, behind the running one, and refuses /resume while a turn runs", async () => {
    const turn = new ScriptedTurn();
    const prompts: string[] = [];
    const session = new ChatSession(
      fakeRuntime({ turn: (prompt, signal, queue) => (prompts.push(prompt), turn.script(prompt, signal, queue)) }),
    );
    const first = session.submit("one");
    const compact = session.submit("/compact keep the plan");
    expect(session.queue.getSnapshot()).toEqual(["/compact keep the plan"]);
    await session.submit("/resume");
    expect(session.transcript.getSnapshot().items.at(-1)).toMatchObject({
      kind: "command",
      isError: true,
      lines: ["A turn is running: /resume once it has ended (Esc interrupts it)."],
    });
    turn.push(END);
    await first;
    await Promise.resolve();
    turn.push(END);
    await compact;
    expect(prompts).toEqual(["one", "/compact keep the plan"]);
  });

  it("aborts the running turn and notes the interruption", async () => {
    const turn = new ScriptedTurn();
    const session = new ChatSession(fakeRuntime({ turn: turn.script }));
    const done = session.submit("go");
    expect(session.abort()).toBe(true);
    await done;
    expect(kinds(session)).toEqual(["user", "notice"]);
    expect(session.abort()).toBe(false);
  });

  it("ends the turn with an error item when the agent throws", async () => {
    const session = new ChatSession(
      fakeRuntime({
        // biome-ignore lint/correctness/useYield: a turn that fails before its first event.
        turn: async function* () {
          throw new Error("socket hang up");
        },
      }),
    );
    await session.submit("go");
    expect(session.transcript.getSnapshot().items.at(-1)).toEqual({ kind: "error", id: 2, message: "socket hang up" });
    expect(session.running).toBe(false);
  });

  it("returns exit for /exit and clears for /clear", async () => {
    const session = new ChatSession(fakeRuntime());
    await session.submit("/help");
    await session.submit("/clear");
    expect(session.transcript.getSnapshot()).toMatchObject({
      items: [
        expect.objectContaining({
          kind: "notice",
          text: "Conversation cleared: the model starts afresh (MCP servers and session allowances stay).",
        }),
      ],
    });
    expect(await session.submit("/exit")).toBe("exit");
  });

  it("sends a server decision to the manager and notes it", async () => {
    const mcp = new RecordingMcp([server("tracker", { status: "needs-approval" })]);
    const session = new ChatSession(fakeRuntime({ mcp }));
    await session.answers.decideServer("tracker", "deny");
    expect(mcp.decisions).toEqual([["tracker", "deny"]]);
    expect(session.transcript.getSnapshot().items).toEqual([
      { kind: "notice", id: 1, text: "MCP server tracker will not start." },
    ]);
  });

  it("answers allow-for-session with a session-scoped decision and notes it", async () => {
    const runtime = fakeRuntime({ mcp: new RecordingMcp([server("tracker", connected(TRACKER_TOOLS))]) });
    const session = new ChatSession(runtime);
    const request = {
      toolUseId: "1",
      toolName: "mcp__tracker__add_comment",
      input: {},
      summary: "x",
      reason: "needs approval",
    };
    const answer = runtime.permissionQueue.ask(request, new AbortController().signal);
    session.answers.answerPermission(runtime.permissionQueue.getSnapshot().pending[0]!, "session");
    expect(await answer).toEqual({ behavior: "allow", scope: "session", rule: "mcp__tracker__add_comment" });
    expect(session.transcript.getSnapshot().items).toEqual([
      { kind: "notice", id: 1, text: "Allowed for the rest of this session: mcp__tracker__add_comment." },
    ]);
  });

  it("allows a Bash command's prefix for the session, not every Bash command", async () => {
    const runtime = fakeRuntime();
    const session = new ChatSession(runtime);
    const bash = (command: string) => ({
      toolUseId: command,
      toolName: "Bash",
      input: { command },
      summary: `Bash(${command})`,
      reason: "needs approval",
    });
    const signal = new AbortController().signal;
    const first = runtime.permissionQueue.ask(bash("npm test -- --watch"), signal);
    const sameprefix = runtime.permissionQueue.ask(bash("npm test"), signal);
    void runtime.permissionQueue.ask(bash("npm publish"), signal);
    session.answers.answerPermission(runtime.permissionQueue.getSnapshot().pending[0]!, "session");
    expect(await first).toEqual({ behavior: "allow", scope: "session", rule: "Bash(npm test:*)" });
    expect(await sameprefix).toEqual({ behavior: "allow", scope: "session", rule: "Bash(npm test:*)" });
    expect(runtime.permissionQueue.getSnapshot().pending.map((p) => p.request.input["command"])).toEqual([
      "npm publish",
    ]);
    expect(session.transcript.getSnapshot().items).toEqual([
      { kind: "notice", id: 1, text: "Allowed for the rest of this session: Bash commands starting with `npm test`." },
    ]);
  });

  it('starts and remembers every listed server on "all"', async () => {
    const mcp = new RecordingMcp([
      server("a", { status: "needs-approval" }),
      server("b", { status: "needs-approval" }),
    ]);
    const session = new ChatSession(fakeRuntime({ mcp }));
    await session.answers.decideServer("a", "all", ["a", "b"]);
    expect(mcp.decisions).toEqual([
      ["a", "remember"],
      ["b", "remember"],
    ]);
  });

  it("sends a denial's message to the model", async () => {
    const runtime = fakeRuntime();
    const session = new ChatSession(runtime);
    const request = {
      toolUseId: "1",
      toolName: "Bash",
      input: {},
      summary: "Bash(rm -rf dist)",
      reason: "needs approval",
    };
    const answer = runtime.permissionQueue.ask(request, new AbortController().signal);
    session.answers.answerPermission(
      runtime.permissionQueue.getSnapshot().pending[0]!,
      "deny",
      "use git clean instead",
    );
    expect(await answer).toEqual({ behavior: "deny", message: "use git clean instead" });
  });
});

describe("ChatSession and server prompts", () => {
  const withPrompt = () =>
    new RecordingMcp([
      server("docs", {
        status: "connected",
        tools: [],
        instructions: "",
        connectMs: 1,
        prompts: [
          { name: "summarise", description: "Summarise a page", arguments: [{ name: "page", required: true }] },
        ],
      }),
    ]);

  it("sends /mcp__server__prompt as a turn, queued like any prompt, not as a command", async () => {
    const prompts: string[] = [];
    const session = new ChatSession(
      fakeRuntime({
        mcp: withPrompt(),
        turn: async function* (prompt) {
          prompts.push(prompt);
          yield END;
        },
      }),
    );
    expect(await session.submit("/mcp__docs__summarise intro")).toBe("done");
    expect(prompts).toEqual(["/mcp__docs__summarise intro"]);
    expect(kinds(session)).toEqual(["user"]);
  });

  it("lists each server prompt in /help with its usage and description", async () => {
    const session = new ChatSession(fakeRuntime({ mcp: withPrompt() }));
    await session.submit("/help");
    const help = session.transcript.getSnapshot().items.at(-1);
    expect(help?.kind === "command" ? help.lines : []).toContain("  /mcp__docs__summarise <page>  Summarise a page");
    expect(session.commands().map((command) => command.name)).toEqual([
      "mcp",
      "add-dir",
      "compact",
      "context",
      "cost",
      "model",
      "resume",
      "sandbox",
      "tasks",
      "permissions",
      "hooks",
      "agents",
      "clear",
      "help",
      "exit",
      "mcp__docs__summarise",
    ]);
  });
});

describe("ChatSession and custom commands", () => {
  const review = {
    name: "review",
    description: "Review a PR",
    argumentHint: "<pr>",
    body: "Review $1",
    file: "/p/.claude/commands/review.md",
    scope: "project" as const,
  };

  it("sends /review 42 as a turn (the runtime expands it) and lists it in /help and completion", async () => {
    const prompts: string[] = [];
    const session = new ChatSession(
      fakeRuntime({
        turn: async function* (prompt) {
          prompts.push(prompt);
          yield END;
        },
        customCommands: [review],
      }),
    );
    expect(await session.submit("/review 42")).toBe("done");
    expect(prompts).toEqual(["/review 42"]);
    await session.submit("/help");
    const help = session.transcript.getSnapshot().items.at(-1);
    expect(help?.kind === "command" ? help.lines : []).toContain("  /review <pr>             Review a PR (project)");
    expect(session.commands().map((command) => command.name)).toContain("review");
  });
});
