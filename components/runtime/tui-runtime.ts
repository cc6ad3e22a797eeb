/**
 * Everything the full-screen UI needs from the rest of mini-cc, as one plain
 * object. The CLI builds it from the real McpManager, Agent and permission
 * chain; tests and examples/tui-demo.tsx build it from fakes.
 */
import type { AgentEvent, PermissionMode } from "../../src/agent/events.ts";
import type { Store } from "../../src/store.ts";
import type { ServerActions } from "../../src/mcp/server-actions.ts";
import type { SettingsActions } from "../../src/settings/settings-session.ts";
import type { SessionActions } from "../../src/session/runtime-api.ts";
import type { ServerLogPlaces } from "../../src/mcp/logs/log-hint.ts";
import type { PermissionQueue } from "./permission-queue.ts";
import type { ServerRequestQueue } from "./server-request-queue.ts";
import type { CustomCommand } from "../../src/session/custom-commands.ts";
import type { UserQuestionQueue } from "./user-question-queue.ts";
import type { NoticeFeed } from "./notice-feed.ts";
import type { ReadableStore } from "../../src/store.ts";
import type { BackgroundSnapshot, BackgroundTask, StoppedBy } from "../../src/background/task-state.ts";
import type { ForegroundCall } from "../../src/background/foreground-calls.ts";

/** The session's background tasks as the UI drives them (src/background/background-tasks.ts). */
export interface TuiBackground extends ReadableStore<BackgroundSnapshot> {
  /** Stops one task's whole work; resolves once it ended, or with why it could not. */
  stop(
    id: string,
    by: StoppedBy,
  ): Promise<{ readonly ok: true; readonly task: BackgroundTask } | { readonly ok: false; readonly message: string }>;
  /** Stops every running task; resolves once all ended. */
  stopAll(by: StoppedBy): Promise<void>;
  /** The last `maxBytes` of a task's output (the model's read position does not move). */
  peek(id: string, maxBytes: number): string;
}

/** The calls the turn waits for that Ctrl+B can send to the background (src/background/foreground-calls.ts). */
export interface TuiForeground extends ReadableStore<readonly ForegroundCall[]> {
  /** Sends every running call of `toolName` to the background; how many went. */
  moveAll(toolName: string, reason: string): number;
}

/** What runTui is given, every part required; src/cli/interactive.ts builds the real one, tests fakeRuntime(overrides). */
export interface TuiRuntime {
  /** The servers and the user's actions on them. */
  readonly mcp: ServerActions;
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
  readonly sessions: SessionActions;
  /** The model's AskUserQuestion calls, answered in a modal. */
  readonly userQuestions: UserQuestionQueue;
  /** A prompt from the command line, queued at start: sent once every MCP server has settled; undefined when none was given. */
  readonly initialPrompt: string | undefined;
  /** `.claude/commands/*.md` commands: they run as turns (startTurn expands them), and /help and completion list them. */
  readonly customCommands: readonly CustomCommand[];
  /** The settings files. */
  readonly settings: SettingsActions;
  /** Background shells and calls: the panel's section, the footer's count, /tasks, the question at /exit. */
  readonly background: TuiBackground;
  /** Ctrl+B: the running Bash call goes on in the background. */
  readonly foreground: TuiForeground;
  /** Closes every MCP server; the UI awaits it before it returns. */
  close(): Promise<void>;
}
