import { describe, expect, it } from "vitest";
import { BYPASS_QUESTION, screenState, type ScreenSources } from "../../../../components/app/screen-state.ts";
import { screenStore, type ScreenStores } from "../../../../components/app/screen-store.ts";
import { EMPTY_TRANSCRIPT } from "../../../../components/transcript/items.ts";
import type { PendingSettings } from "../../../../src/settings/settings-session.ts";
import type { ServerState } from "../../../../src/mcp/state/server-state.ts";
import { Store } from "../../../../src/store.ts";
import { connected, server, TRACKER_TOOLS } from "../../../helpers/tui-fixtures.ts";

const NEEDS_APPROVAL: ServerState = { status: "needs-approval" };

/** Nothing waiting: an idle screen with no server. */
const IDLE: ScreenSources = {
  mode: "default",
  transcript: EMPTY_TRANSCRIPT,
  mcp: { servers: [] },
  violations: {},
  sandbox: undefined,
  settings: undefined,
  permissions: { pending: [] },
  serverRequests: { pending: [] },
  userQuestions: { pending: [] },
  userQuestionAt: { id: 0, index: 0 },
  picker: undefined,
  confirmingBypass: false,
  queue: [],
  contextPct: 0,
  files: [],
  panelRequests: 0,
  model: "claude-test",
  bashSandboxed: false,
  background: { tasks: [] },
  foreground: [],
};

/** Each question alone, as the sources that make it wait, and the key it shows under; first come first asked. */
const QUESTIONS: ReadonlyArray<readonly [string, Partial<ScreenSources>]> = [
  ["settings:f1", { settings: { fingerprint: "f1", status: "new" } as unknown as PendingSettings }],
  ["server:tracker", { mcp: { servers: [server("tracker", NEEDS_APPROVAL)] } }],
  [
    "tool:3",
    {
      permissions: {
        pending: [{ id: 3, request: { toolUseId: "t", toolName: "Bash", input: {}, summary: "ls", reason: "asks" } }],
      },
    },
  ],
  ["ask:4", { serverRequests: { pending: [{ id: 4, question: { kind: "elicitation" } as never }] } }],
  ["ask-user:5:0", { userQuestions: { pending: [{ id: 5, questions: [] }] } }],
  ["pick:6", { picker: { id: 6, picker: { title: "Resume", choices: [], pick: () => ({}) as never } } }],
  [BYPASS_QUESTION, { confirmingBypass: true }],
];

describe("the screen state", () => {
  it("shows, of any questions waiting together, the first in the order settings, server, tool, server question, the model's, picker, bypass", () => {
    // Every one of the 128 sets of waiting questions.
    for (let set = 0; set < 1 << QUESTIONS.length; set += 1) {
      const waiting = QUESTIONS.filter((_, i) => set & (1 << i));
      const sources = Object.assign({}, IDLE, ...waiting.map(([, parts]) => parts)) as ScreenSources;
      const state = screenState(sources);
      const shown = waiting[0]?.[0];
      expect(state.question?.key, `waiting: ${waiting.map(([key]) => key).join(", ")}`).toBe(shown);
      expect(state.modalOpen).toBe(shown !== undefined && shown !== BYPASS_QUESTION);
    }
  });

  it("counts a round of server approvals (2 of 3 after the first answer) and starts a new round once none waits", () => {
    const servers = (states: Record<string, ServerState>) => ({
      mcp: { servers: Object.entries(states).map(([name, state]) => server(name, state)) },
    });
    const first = screenState({ ...IDLE, ...servers({ a: NEEDS_APPROVAL, b: NEEDS_APPROVAL }) });
    expect(first.question).toMatchObject({ kind: "server", key: "server:a", position: { index: 1, total: 2 } });
    const second = screenState(
      { ...IDLE, ...servers({ a: connected(TRACKER_TOOLS), b: NEEDS_APPROVAL, c: NEEDS_APPROVAL }) },
      first.round,
    );
    expect(second.question).toMatchObject({ key: "server:b", position: { index: 2, total: 3 } });
    expect(second.question?.kind === "server" && second.question.waiting.map((v) => v.name)).toEqual(["b", "c"]);
    const done = screenState({ ...IDLE, ...servers({ a: connected(TRACKER_TOOLS) }) }, second.round);
    expect(done.round).toEqual([]);
    const next = screenState({ ...IDLE, ...servers({ d: NEEDS_APPROVAL }) }, done.round);
    expect(next.question).toMatchObject({ key: "server:d", position: { index: 1, total: 1 } });
  });

  it("shows an AskUserQuestion call's question by index, its first for a call not yet answered into", () => {
    const userQuestions = { pending: [{ id: 5, questions: [] }] };
    const at = (id: number, index: number) => screenState({ ...IDLE, userQuestions, userQuestionAt: { id, index } });
    expect(at(5, 2).question?.key).toBe("ask-user:5:2");
    expect(at(4, 2).question?.key).toBe("ask-user:5:0");
  });

  it("says what the footer says and the line under a prompt held for the servers (esc only when no modal is up)", () => {
    const starting = { mcp: { servers: [server("a", { status: "pending" }), server("b", NEEDS_APPROVAL)] } };
    const held = screenState({ ...IDLE, ...starting, queue: ["hi"], mode: "plan", contextPct: 60 });
    expect(held.waitLine).toBe("waiting for 2 MCP servers…");
    expect(held.footer).toEqual({
      permissionMode: "plan",
      sandboxed: false,
      modelName: "claude-test",
      contextPct: 60,
      mcpCounts: "MCP ?1 · 0/2",
      running: false,
      queued: true,
      background: undefined,
      canBackground: false,
    });
    const noModal = screenState({ ...IDLE, mcp: { servers: [server("a", { status: "pending" })] } });
    expect(noModal.waitLine).toBe("waiting for 1 MCP server… (esc to send now)");
    const running = screenState({ ...IDLE, ...starting, transcript: { ...EMPTY_TRANSCRIPT, running: true } });
    expect([running.waitLine, running.footer.running]).toEqual([undefined, true]);
  });

  it("counts the background tasks still running and offers Ctrl+B only while a Bash call runs", () => {
    const task = (id: string, status: "running" | "completed") =>
      ({
        id,
        kind: "shell",
        label: "sleep 30",
        toolName: "Bash",
        status,
        startedAt: 0,
        outputFile: "/o",
        bytesWritten: 0,
      }) as const;
    const tasks = [task("b1", "running"), task("b2", "completed"), task("b3", "running")];
    const busy = screenState({
      ...IDLE,
      background: { tasks } as never,
      foreground: [{ toolName: "Bash", move: () => {} }],
    });
    expect([busy.footer.background, busy.footer.canBackground, busy.tasks.length]).toEqual([
      "2 background tasks",
      true,
      3,
    ]);
    const mcpOnly = screenState({ ...IDLE, foreground: [{ toolName: "mcp__t__slow", move: () => {} }] });
    expect([mcpOnly.footer.background, mcpOnly.footer.canBackground]).toEqual([undefined, false]);
  });
});

describe("the screen store", () => {
  const stores = () =>
    Object.fromEntries(
      Object.entries(IDLE).map(([key, value]) => [key, new Store(value)]),
    ) as unknown as ScreenStores & {
      readonly mcp: Store<ScreenSources["mcp"]>;
      readonly queue: Store<readonly string[]>;
    };

  it("gives the same state while no source changes, and tells its one listener of each change", () => {
    const sources = stores();
    const screen = screenStore(sources);
    const seen: Array<readonly string[]> = [];
    const stop = screen.subscribe((next) => seen.push(next.queued));
    const before = screen.getSnapshot();
    expect(screen.getSnapshot()).toBe(before);
    sources.queue.update(() => ["one"]);
    sources.queue.update((q) => q);
    expect(seen).toEqual([["one"]]);
    expect(screen.getSnapshot()).not.toBe(before);
    stop();
    sources.queue.update(() => []);
    expect(seen).toHaveLength(1);
  });

  it("carries the round of approvals from one state to the next", () => {
    const sources = stores();
    const screen = screenStore(sources);
    sources.mcp.update(() => ({ servers: [server("a", NEEDS_APPROVAL), server("b", NEEDS_APPROVAL)] }));
    expect(screen.getSnapshot().round).toEqual(["a", "b"]);
    sources.mcp.update(() => ({ servers: [server("a", connected(TRACKER_TOOLS)), server("b", NEEDS_APPROVAL)] }));
    expect(screen.getSnapshot().question).toMatchObject({ key: "server:b", position: { index: 2, total: 2 } });
  });
});
