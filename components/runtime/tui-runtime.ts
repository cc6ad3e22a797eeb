/**
 * Everything the full-screen UI needs from the rest of mini-cc, as one plain
 * object. The CLI builds it from the real McpManager, Agent and permission
 * chain; tests and examples/tui-demo.tsx build it from fakes.
 */
import type { AgentEvent, PermissionMode } from "../../src/agent/events.ts";
import type { ApprovalChoice, ApprovalStatus } from "../../src/mcp/approvals/approval-types.ts";
import type { McpSnapshot } from "../../src/mcp/state/server-state.ts";
import type { ToolProgress } from "../../src/mcp/tools/progress.ts";
import type { ServerUsage } from "../../src/mcp/tools/usage.ts";
import type { ReadableStore, Store } from "../../src/store.ts";
import type { ServerLogPlaces } from "../../src/mcp/logs/log-hint.ts";
import type { SandboxAvailability } from "../../src/sandbox/availability.ts";
import type { ServerViolations } from "../../src/sandbox/violations.ts";
import type { PermissionQueue } from "./permission-queue.ts";
import type { ServerRequestQueue } from "./server-request-queue.ts";
import type { PendingSettings } from "../../src/settings/settings-session.ts";
import type { ListedHook } from "../../src/settings/hook-trust.ts";
import type { ListedRule } from "../../src/agent/permissions.ts";
import type { CustomCommand } from "../../src/session/custom-commands.ts";
import type { SavedSession, SessionSummary } from "../../src/session/saved-sessions.ts";
import type { UserQuestionQueue } from "./user-question-queue.ts";
import type { NoticeFeed } from "./notice-feed.ts";
import type { ServerEntry } from "../../src/config/types.ts";

/** A project server's approval as the approvals file holds it. */
export interface ApprovalDetails {
  readonly status: ApprovalStatus;
  /** ISO time, when the record has one. */
  readonly approvedAt?: string;
  /** The entry approved before, when it differs from the one declared now. */
  readonly previous?: ServerEntry;
}

/** A sandboxed server's sandbox: what it runs under and what was blocked this session. */
export interface SandboxDetails {
  /** `default profile (chosen at approval)`, `default profile + hosts: api.github.com`. */
  readonly profile: string;
  /** `blocked: write ~/.bashrc (sandbox.allowWrite would allow it)`, oldest first. */
  readonly blocked: readonly string[];
}

export interface ServerDetails {
  /** Only for project servers. */
  readonly approval?: ApprovalDetails;
  /** Only for a server that runs sandboxed. */
  readonly sandbox?: SandboxDetails;
  /** The log file as shown (`~/.mini-cc/logs/mcp-tracker.log`); absent for a remote server. */
  readonly logPath?: string;
  /** Its last lines, raw (untrusted: the view makes them terminal-safe). */
  readonly logTail: readonly string[];
}

/** The settings files as the UI works with them: the shared file's question, rules remembered and removed. */
export interface TuiSettings {
  /** The project folder, to show files relative to it. */
  readonly cwd: string;
  /** The shared `.claude/settings.json` while it waits for an answer (asked before any other question). */
  readonly question: ReadableStore<PendingSettings | undefined>;
  answer(approve: boolean): Promise<void>;
  /** "Yes, and don't ask again": the rule is written to `.claude/settings.local.json` and applies at once; resolves to that file. */
  rememberAllow(rule: string): Promise<string>;
  /** Every rule in force, with where it came from (/permissions). */
  rules(): readonly ListedRule[];
  /** Removes a rule from its file (or this session's allows). */
  remove(rule: ListedRule): Promise<void>;
  /** Whether "don't ask again in this project" can be written (false where the session has no settings files: tests, the demo). */
  readonly remembers: boolean;
  /** Every declared hook and whether it runs (/hooks). */
  hooks(): readonly ListedHook[];
}

/** The session beyond one turn: saved sessions, the context, the cost and the model. */
export interface TuiSessions {
  /** This folder's saved sessions, newest first. */
  list(): SessionSummary[];
  /** Makes the conversation that session's; throws when there is none. */
  resume(id: string): SavedSession;
  /** The saved session the run started with (--continue, --resume ID): its transcript is shown. */
  readonly restored: SavedSession | undefined;
  /** --resume without an id: the picker opens at start. */
  readonly pickAtStart: boolean;
  contextLines(): string[];
  contextUse(): { tokens: number; windowTokens: number; thresholdTokens: number | undefined };
  costLines(): string[];
  /** `/agents`: the subagents, their files and servers. */
  agentLines?(): string[];
  /** The model's name now; the footer shows it. */
  readonly model: ReadableStore<string>;
  setModel(name: string): Promise<void>;
}

/** The slice of McpManager the UI drives: its store and the user's actions on servers. */
export interface TuiMcp {
  readonly store: ReadableStore<McpSnapshot>;
  /** The user's answer for a project server waiting in `needs-approval`. */
  decide(name: string, choice: ApprovalChoice): void | Promise<void>;
  /** Closes one server and connects it again (`/mcp restart NAME`). */
  restart(name: string): Promise<void>;
  /** Switches a server off in this project, remembered (the panel's d). */
  disable(name: string): Promise<void>;
  /** Switches it back on (remembered), or undoes a "don't start" for this session. */
  enable(name: string): Promise<void>;
  /** A project server not approved for good waits for the approval question again (the one asked at start, sandbox choice included). */
  askApproval(name: string): Promise<void>;
  /** Forgets a project server's approval: it keeps running now, the next session asks again. */
  revoke(name: string): Promise<void>;
  /** What the panel shows of an opened server beyond the store: approval record, log tail. */
  details(name: string): Promise<ServerDetails>;
  /** `/mcp login NAME`: an OAuth login (`show` gets each line to print: the URL, how it was opened), then a connect; rejects with why it failed. */
  login(name: string, show: (line: string) => void): Promise<void>;
  /** `/mcp logout NAME`: forgets the server's tokens; it waits for a login again. */
  logout(name: string): Promise<void>;
  /** Running MCP calls' progress by tool-use id, published at most once a frame. */
  readonly progress: ReadableStore<ReadonlyMap<string, ToolProgress>>;
  /** Each server's tool calls this session (calls, errors, latency), by server name. */
  readonly usage: ReadableStore<ReadonlyMap<string, ServerUsage>>;
  /** Whether the sandbox can run here ("checking" until known); undefined: the approval offers no sandbox. */
  readonly sandbox: ReadableStore<SandboxAvailability | "checking" | undefined>;
  /** What the sandbox blocked per server: the panel's counts and lines. */
  readonly violations: ReadableStore<Readonly<Record<string, ServerViolations>>>;
}

/** What runTui is given, every part required; src/cli/interactive.ts builds the real one, tests fakeRuntime(overrides). */
export interface TuiRuntime {
  readonly mcp: TuiMcp;
  /** Runs one agent turn; aborting `signal` ends it with `turn_end` "aborted". */
  startTurn(prompt: string, signal: AbortSignal): AsyncIterable<AgentEvent>;
  /** Adds a folder for the file tools and the servers' roots (`/add-dir DIR`). */
  addDir(dir: string): Promise<void>;
  /** Sandbox mode for Bash (`/sandbox`). */
  readonly sandboxMode: Store<boolean>;
  /** Empties the model's context (/clear): the next prompt starts a new conversation. */
  newConversation(): void;
  /**
   * The queue whose `ask` the agent was given: the one way a permission request
   * reaches the UI and its answer goes back (a session allow is recorded by
   * the agent when that answer arrives).
   */
  readonly permissionQueue: PermissionQueue;
  /** Servers' elicitation and sampling questions, shown one at a time once no other modal is open. */
  readonly serverRequests: ServerRequestQueue;
  /** The permission chain's mode: the footer shows it, Shift+Tab updates it. */
  readonly permissionMode: Store<PermissionMode>;
  readonly modelName: string;
  readonly cwd: string;
  /** Where server logs live, so `/mcp` can point at a failed server's stderr. */
  readonly serverLogs: ServerLogPlaces;
  /** Config warnings and problems, and any said later (a corrupt home file): each shown once in the transcript. */
  readonly notices: NoticeFeed;
  /** Saved sessions, /context, /cost and /model. */
  readonly sessions: TuiSessions;
  /** The model's AskUserQuestion calls, answered in a modal. */
  readonly userQuestions: UserQuestionQueue;
  /** A prompt from the command line, queued at start: sent once every MCP server has settled; undefined when none was given. */
  readonly initialPrompt: string | undefined;
  /** `.claude/commands/*.md` commands: they run as turns (startTurn expands them), and /help and completion list them. */
  readonly customCommands: readonly CustomCommand[];
  /** The settings files. */
  readonly settings: TuiSettings;
  /** Closes every MCP server; the UI awaits it before it returns. */
  close(): Promise<void>;
}
