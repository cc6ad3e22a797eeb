/**
 * A TuiRuntime made of fakes, for examples/tui-demo.tsx and the pty test: MCP
 * servers that connect one after another on timers, and an agent that
 * streams text, calls tools and asks permission — no API key, no processes.
 */
import { join } from "node:path";
import { tmpdir } from "node:os";
import { BackgroundTasks } from "../src/background/background-tasks.ts";
import { ForegroundCalls } from "../src/background/foreground-calls.ts";
import { systemClock } from "../src/clock.ts";
import type { AgentEvent, PermissionMode, PermissionRequest } from "../src/agent/events.ts";
import type { ApprovalChoice } from "../src/mcp/approvals/approval-types.ts";
import type { McpSnapshot, McpToolInfo, ServerState, ServerView } from "../src/mcp/state/server-state.ts";
import { ServerRequestQueue } from "../components/runtime/server-request-queue.ts";
import { PermissionQueue } from "../components/runtime/permission-queue.ts";
import { PermissionChain } from "../src/agent/permissions.ts";
import { noSettingsFiles, quietSessions } from "../components/runtime/quiet-parts.ts";
import { UserQuestionQueue } from "../components/runtime/user-question-queue.ts";
import { NoticeFeed } from "../components/runtime/notice-feed.ts";
import type { ToolProgress } from "../src/mcp/tools/progress.ts";
import type { ServerUsage } from "../src/mcp/tools/usage.ts";
import type { ServerViolations } from "../src/sandbox/violations.ts";
import type { TuiRuntime } from "../components/runtime/tui-runtime.ts";
import type { ServerDetails } from "../src/mcp/server-details.ts";
import { Store } from "../src/store.ts";
import { beginLife } from "../src/mcp/state/lifecycle.ts";

/** Resolves after `ms`, or at once when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** setTimeout-based Sleep. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

function tool(name: string, description: string, readOnly: boolean): McpToolInfo {
  return { name, description, inputSchema: { type: "object" }, annotations: readOnly ? { readOnlyHint: true } : {} };
}

const TRACKER_TOOLS = [
  tool("list_issues", "List issues", true),
  tool("get_issue", "Get one issue", true),
  tool("add_comment", "Comment on an issue", false),
];
const MEMORY_TOOLS = [tool("create_entities", "", false), tool("search_nodes", "", true)];

const connected = (tools: readonly McpToolInfo[], connectMs: number): ServerState => ({
  status: "connected",
  tools,
  instructions: "",
  connectMs,
});

const SPAWN_ERROR = "spawn nope-not-installed ENOENT";
const PENDING: ServerState = { status: "pending" };

function view(
  name: string,
  source: ServerView["source"],
  command: string,
  args: string[],
  state = PENDING,
): ServerView {
  const entry = { command, args };
  const config = { name, source, file: `${process.cwd()}/.mcp.json`, entry, resolved: entry };
  return { name, source, config, ...beginLife(state) };
}

/** An McpManager look-alike: a store, its tools, `decide` and `restart`, driven by timers. */
export class FakeMcp {
  readonly store = new Store<McpSnapshot>({
    servers: [
      view("tracker", "project", "node", ["examples/mcp_tracker_server.ts"], { status: "needs-approval" }),
      view("memory", "user", "npx", ["-y", "@modelcontextprotocol/server-memory"]),
      view("broken", "user", "nope-not-installed", []),
      view("archive", "local", "node", ["archive.js"], {
        status: "disabled",
        reason: "disabled by user",
        cause: "user",
      }),
    ],
  });
  readonly progress = new Store<ReadonlyMap<string, ToolProgress>>(new Map());
  readonly usage = new Store<ReadonlyMap<string, ServerUsage>>(new Map());
  /** The demo offers no sandbox. */
  readonly sandbox = new Store<undefined>(undefined);
  readonly violations = new Store<Readonly<Record<string, ServerViolations>>>({});
  readonly #sleep: Sleep;
  readonly #speed: number;

  constructor(sleep: Sleep = realSleep, speed = 1) {
    this.#sleep = sleep;
    this.#speed = speed;
  }

  /** Starts the servers that need no approval, one finishing after another. */
  start(): void {
    void this.#after(700, "memory", connected(MEMORY_TOOLS, 700));
    void this.#after(1100, "broken", { status: "failed", error: SPAWN_ERROR, code: "command-not-found" });
  }

  readonly decide = (name: string, choice: ApprovalChoice): void => {
    if (choice === "deny")
      return this.#set(name, { status: "disabled", reason: "declined by user", cause: "declined" });
    this.#set(name, { status: "pending" });
    void this.#after(600, name, connected(TRACKER_TOOLS, 600));
  };

  readonly restart = async (name: string): Promise<void> => {
    const failing = name === "broken";
    this.#set(name, { status: "pending" });
    const tools = name === "tracker" ? TRACKER_TOOLS : MEMORY_TOOLS;
    const state: ServerState = failing
      ? { status: "failed", error: SPAWN_ERROR, code: "command-not-found" }
      : connected(tools, 800);
    await this.#after(800, name, state);
  };

  readonly disable = async (name: string): Promise<void> =>
    this.#set(name, { status: "disabled", reason: "disabled by user", cause: "user" });

  readonly enable = async (name: string): Promise<void> => this.restart(name);

  readonly login = async (name: string): Promise<void> => {
    throw new Error(`${name} needs no login in the demo`);
  };

  readonly logout = async (name: string): Promise<void> => {
    throw new Error(`${name} needs no login in the demo`);
  };

  readonly askApproval = async (name: string): Promise<void> => this.#set(name, { status: "needs-approval" });

  readonly revoke = async (_name: string): Promise<void> => {};

  readonly details = async (name: string): Promise<ServerDetails> => ({
    ...(name === "tracker"
      ? { approval: { status: "approved" as const, approvedAt: "2026-05-01T10:00:00.000Z" } }
      : {}),
    logPath: `~/.mini-cc/logs/mcp-${name}.log`,
    logTail: name === "broken" ? ["sh: 1: nope-not-installed: not found"] : [],
  });

  async #after(ms: number, name: string, state: ServerState): Promise<void> {
    await this.#sleep(ms / this.#speed);
    this.#set(name, state);
  }

  #set(name: string, state: ServerState): void {
    this.store.update((s) => ({ servers: s.servers.map((v) => (v.name === name ? { ...v, state } : v)) }));
  }
}

const ISSUE = [
  "BUG-101: list_posts has no pagination; the home page returns 5000 posts",
  "status: Todo",
  "comments:",
  "  - ann: reproduced on staging",
].join("\n");

const NO_USAGE = { input_tokens: 0, output_tokens: 0 };

type ToolCall = Extract<AgentEvent, { type: "tool_call" }>;

function call(id: string, tool: string, arg: string, input: Record<string, unknown>): ToolCall {
  const name = `mcp__tracker__${tool}`;
  return { type: "tool_call", id, name, input, summary: `${name}(${arg})` };
}

function result(id: string, tool: string, content: string): AgentEvent {
  return { type: "tool_result", id, name: `mcp__tracker__${tool}`, result: { content, isError: false }, durationMs: 5 };
}

function end(reason: "end_turn" | "aborted"): AgentEvent {
  return { type: "turn_end", reason, numTurns: 1, resultText: "" };
}

/** The fake agent: one scripted turn that lists, reads and comments on BUG-101. */
export async function* demoTurn(
  mcp: FakeMcp,
  ask: PermissionQueue["ask"],
  signal: AbortSignal,
  sleep: Sleep,
  speed: number,
): AsyncGenerator<AgentEvent> {
  const pause = (ms: number) => sleep(ms / speed, signal);
  // Streams word by word, like the scripted model does, then the whole message.
  const say = async function* (text: string): AsyncGenerator<AgentEvent> {
    for (const word of text.split(/(?<= )/)) {
      await pause(40);
      if (signal.aborted) return;
      yield { type: "text_delta", text: word };
    }
    yield { type: "assistant", message: { role: "assistant", content: [{ type: "text", text }] }, usage: NO_USAGE };
  };

  const tracker = mcp.store.getSnapshot().servers.find((s) => s.name === "tracker");
  if (tracker?.state.status !== "connected") {
    yield* say("The tracker MCP server is not running in this session, so I cannot look at the issues.");
    return yield end("end_turn");
  }
  yield* say("Let me look at the Todo issues first.");
  if (signal.aborted) return yield end("aborted");
  yield call("t1", "list_issues", "Todo", { status: "Todo" });
  await pause(300);
  yield result("t1", "list_issues", "BUG-101 [Todo] list_posts has no pagination");
  yield call("t2", "get_issue", "BUG-101", { id: "BUG-101" });
  await pause(300);
  yield result("t2", "get_issue", ISSUE);
  yield* say("I will reply on the issue.");
  if (signal.aborted) return yield end("aborted");

  const body = "Fixed: listPosts now paginates (20 per page).";
  const comment = call("t3", "add_comment", "BUG-101", { id: "BUG-101", body });
  const request: PermissionRequest = {
    toolUseId: comment.id,
    toolName: comment.name,
    input: comment.input,
    summary: comment.summary,
    reason: "needs approval",
  };
  yield comment;
  const decision = await ask(request, signal);
  if (signal.aborted) return yield end("aborted");
  if (decision.behavior === "deny") {
    const message = decision.message ?? "The user denied this call.";
    yield { type: "permission_denied", id: comment.id, name: comment.name, message };
    yield* say("Understood, I did not comment on the issue.");
  } else {
    await pause(200);
    yield result("t3", "add_comment", "Comment added to BUG-101 (1 total).");
    yield* say("BUG-101 is fixed and I replied on the tracker.");
  }
  yield end(signal.aborted ? "aborted" : "end_turn");
}

/** The whole fake runtime; `speed` > 1 shortens every delay (the pty test uses it). */
export function makeDemoRuntime(
  options: { speed?: number; sleep?: Sleep; cwd?: string } = {},
): TuiRuntime & { fakeMcp: FakeMcp } {
  const sleep = options.sleep ?? realSleep;
  const speed = options.speed ?? 1;
  const fakeMcp = new FakeMcp(sleep, speed);
  const cwd = options.cwd ?? process.cwd();
  const permissionQueue = new PermissionQueue(
    new PermissionChain({ mode: "default", allow: [], deny: [], cwd }).covers,
  );
  const allowed = new Set<string>();
  let firstTurn = true;
  return {
    fakeMcp,
    mcp: fakeMcp,
    permissionQueue,
    serverRequests: new ServerRequestQueue(),
    permissionMode: new Store<PermissionMode>("default"),
    modelName: "scripted-demo",
    cwd,
    sessions: quietSessions("scripted-demo"),
    settings: noSettingsFiles(cwd),
    userQuestions: new UserQuestionQueue(),
    notices: new NoticeFeed(),
    addDir: async () => {},
    sandboxMode: new Store(false),
    foreground: new ForegroundCalls(),
    background: new BackgroundTasks({ dir: join(tmpdir(), "mini-cc-demo-background"), clock: systemClock }),
    serverLogs: { logDir: join(cwd, ".demo-logs"), userHome: cwd },
    initialPrompt: undefined,
    customCommands: [],
    async *startTurn(prompt, signal) {
      if (firstTurn) {
        firstTurn = false;
        yield { type: "system_note", label: "project instructions", text: "0 files (AGENTS.md, CLAUDE.md)" };
        yield { type: "system_note", label: "date", text: new Date().toISOString().slice(0, 10) };
      }
      // What the agent and its permission chain do with a session allow: remember it, and stop asking.
      const ask: PermissionQueue["ask"] = async (request, s) => {
        if (allowed.has(request.toolName)) return { behavior: "allow", scope: "session" };
        const decision = await permissionQueue.ask(request, s);
        if (decision.behavior === "allow" && decision.scope === "session") allowed.add(request.toolName);
        return decision;
      };
      yield* demoTurn(fakeMcp, ask, signal, sleep, speed);
    },
    // The demo's turns are scripted and keep no context: a new conversation is the same script again.
    newConversation: () => {
      firstTurn = true;
    },
    close: async () => {},
  };
}
