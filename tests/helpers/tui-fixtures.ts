/**
 * Hand-built stores and a fake runtime for the TUI tests: servers in any
 * state, an McpManager look-alike that records decisions, and an agent
 * turn given as a plain async generator.
 */
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BackgroundTasks } from "../../src/background/background-tasks.ts";
import { ForegroundCalls } from "../../src/background/foreground-calls.ts";
import { systemClock } from "../../src/clock.ts";
import type { AgentEvent, PermissionMode } from "../../src/agent/events.ts";
import type { ServerEntry, ServerSource } from "../../src/config/types.ts";
import type { ApprovalChoice } from "../../src/mcp/approvals/approval-types.ts";
import {
  USER_DISABLED,
  type McpSnapshot,
  type McpToolInfo,
  type ServerState,
  type ServerView,
} from "../../src/mcp/state/server-state.ts";
import { ServerRequestQueue } from "../../components/runtime/server-request-queue.ts";
import { PermissionQueue } from "../../components/runtime/permission-queue.ts";
import { covers } from "./rule-coverage.ts";
import type { TuiRuntime } from "../../components/runtime/tui-runtime.ts";
import type { ServerActions } from "../../src/mcp/server-actions.ts";
import type { ServerDetails } from "../../src/mcp/server-details.ts";
import { noSettingsFiles, quietSessions } from "../../components/runtime/quiet-parts.ts";
import { UserQuestionQueue } from "../../components/runtime/user-question-queue.ts";
import { NoticeFeed } from "../../components/runtime/notice-feed.ts";
import { Store } from "../../src/store.ts";
import { beginLife } from "../../src/mcp/state/lifecycle.ts";
import type { ServerUsage } from "../../src/mcp/tools/usage.ts";
import type { ToolProgress } from "../../src/mcp/tools/progress.ts";
import type { SandboxAvailability } from "../../src/sandbox/availability.ts";
import type { ServerViolations } from "../../src/sandbox/violations.ts";

export function toolInfo(name: string, readOnly = false, annotations: McpToolInfo["annotations"] = {}): McpToolInfo {
  return {
    name,
    description: "",
    inputSchema: { type: "object" },
    annotations: readOnly ? { readOnlyHint: true, ...annotations } : annotations,
  };
}

export function connected(tools: readonly McpToolInfo[]): ServerState {
  return { status: "connected", tools, instructions: "", connectMs: 5 };
}

export const TRACKER_TOOLS = [toolInfo("list_issues", true), toolInfo("get_issue", true), toolInfo("add_comment")];

export function server(
  name: string,
  state: ServerState,
  source: ServerSource = "project",
  entry: ServerEntry = { command: "node", args: [`${name}.js`] },
): ServerView {
  return { name, source, config: { name, source, file: "/home/ann/proj/.mcp.json", entry }, ...beginLife(state) };
}

/** An McpManager stand-in: a real Store, and decide/restart that record what they were asked. */
export class RecordingMcp implements ServerActions {
  readonly store: Store<McpSnapshot>;
  /** Tool usage by server: tests set figures with update(). */
  readonly usage = new Store<ReadonlyMap<string, ServerUsage>>(new Map());
  readonly decisions: Array<[string, ApprovalChoice]> = [];
  readonly restarts: string[] = [];
  /** The state a restarted server ends in. */
  restartTo: ServerState = connected(TRACKER_TOOLS);

  constructor(servers: readonly ServerView[] = []) {
    this.store = new Store<McpSnapshot>({ servers });
  }

  set(name: string, state: ServerState): void {
    this.store.update((s) => ({ servers: s.servers.map((v) => (v.name === name ? { ...v, state } : v)) }));
  }

  readonly decide = (name: string, choice: ApprovalChoice): void => {
    this.decisions.push([name, choice]);
    this.set(
      name,
      choice === "deny" ? { status: "disabled", reason: "declined by user", cause: "declined" } : { status: "pending" },
    );
  };

  /** Running calls' progress, what the sandbox can do (undefined: none offered) and blocked: tests set them with update(). */
  readonly progress = new Store<ReadonlyMap<string, ToolProgress>>(new Map());
  readonly sandbox = new Store<SandboxAvailability | "checking" | undefined>(undefined);
  readonly violations = new Store<Readonly<Record<string, ServerViolations>>>({});
  /** Tests that log in or out set these. */
  login: ServerActions["login"] = async (name) => {
    throw new Error(`no login for ${name} in this test`);
  };
  logout: ServerActions["logout"] = async (name) => {
    throw new Error(`no logout for ${name} in this test`);
  };

  restart = async (name: string): Promise<void> => {
    this.restarts.push(name);
    this.set(name, { status: "pending" });
    await Promise.resolve();
    this.set(name, this.restartTo);
  };

  /** Every disable, enable, approval asked and revoke, as `verb name`. */
  readonly actions: string[] = [];
  /** What details() answers, by server name. */
  readonly detailsOf = new Map<string, ServerDetails>();

  readonly disable = async (name: string): Promise<void> => {
    this.actions.push(`disable ${name}`);
    this.set(name, USER_DISABLED);
  };

  readonly enable = async (name: string): Promise<void> => {
    this.actions.push(`enable ${name}`);
    this.set(name, this.restartTo);
  };

  readonly askApproval = async (name: string): Promise<void> => {
    this.actions.push(`ask ${name}`);
    this.set(name, { status: "needs-approval" });
  };

  readonly revoke = async (name: string): Promise<void> => {
    this.actions.push(`revoke ${name}`);
    this.detailsOf.set(name, { ...(await this.details(name)), approval: { status: "new" } });
  };

  /** Every server whose details() answered, in order. */
  readonly detailsRead: string[] = [];
  readonly details = async (name: string): Promise<ServerDetails> => {
    this.detailsRead.push(name);
    return this.detailsOf.get(name) ?? { logTail: [] };
  };
}

export type TurnScript = (prompt: string, signal: AbortSignal, queue: PermissionQueue) => AsyncIterable<AgentEvent>;

/** What a test gives fakeRuntime: any part of the runtime, and the turns as a script. */
export type FakeRuntimeParts = Partial<TuiRuntime> & { readonly turn?: TurnScript };

/**
 * The one TuiRuntime of the screen's tests: every part a fake (RecordingMcp,
 * real queues, no saved sessions or settings files), any of them replaced by
 * `parts`; turns come from `parts.turn`.
 */
export function fakeRuntime(parts: FakeRuntimeParts = {}): TuiRuntime & {
  closed: number;
  /** How many times /clear asked for a new conversation. */
  conversations: number;
  /** Every mode the UI switched to, in order. */
  modes: PermissionMode[];
} {
  const { turn = async function* () {}, ...given } = parts;
  const permissionQueue = given.permissionQueue ?? new PermissionQueue(covers);
  const permissionMode = given.permissionMode ?? new Store<PermissionMode>("default");
  const modes: PermissionMode[] = [];
  permissionMode.subscribe((mode) => modes.push(mode));
  const modelName = given.modelName ?? "scripted";
  const cwd = given.cwd ?? "/home/ann/proj";
  const runtime = {
    mcp: new RecordingMcp(),
    serverRequests: new ServerRequestQueue(),
    userQuestions: new UserQuestionQueue(),
    notices: new NoticeFeed(),
    sessions: quietSessions(modelName),
    settings: noSettingsFiles(cwd),
    addDir: async () => {},
    sandboxMode: new Store(false),
    serverLogs: { logDir: "/nonexistent/mini-cc-test-logs", userHome: "/home/ann" },
    initialPrompt: undefined,
    customCommands: [],
    // The real store: a test that starts a task gets its output file in a folder of its own (made then).
    foreground: new ForegroundCalls(),
    background: new BackgroundTasks({
      dir: join(tmpdir(), `mini-cc-tui-background-${randomUUID()}`),
      clock: systemClock,
    }),
    newConversation: () => void (runtime.conversations += 1),
    startTurn: (prompt: string, signal: AbortSignal) => turn(prompt, signal, permissionQueue),
    close: async () => void (runtime.closed += 1),
    ...given,
    permissionQueue,
    permissionMode,
    modelName,
    cwd,
    closed: 0,
    conversations: 1,
    modes,
  };
  return runtime;
}

/** A turn's final event. */
export const END: AgentEvent = { type: "turn_end", reason: "end_turn", numTurns: 1, resultText: "" };

/**
 * A turn the test drives event by event: `push` hands the next event to the
 * session, and aborting the turn's signal ends it as the real agent would.
 */
export class ScriptedTurn {
  readonly #queue: AgentEvent[] = [];
  #wake: (() => void) | undefined;
  #done = false;

  push(...events: AgentEvent[]): void {
    this.#queue.push(...events);
    this.#wake?.();
  }

  /** A TurnScript that plays this turn. */
  readonly script: TurnScript = (_prompt, signal) => this.#play(signal);

  async *#play(signal: AbortSignal): AsyncGenerator<AgentEvent> {
    signal.addEventListener("abort", () =>
      this.push({ type: "turn_end", reason: "aborted", numTurns: 1, resultText: "" }),
    );
    while (!this.#done) {
      const next = this.#queue.shift();
      if (next === undefined) {
        await new Promise<void>((resolve) => (this.#wake = resolve));
        continue;
      }
      if (next.type === "turn_end") this.#done = true;
      yield next;
    }
  }
}
