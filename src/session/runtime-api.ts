/**
 * What one session offers print mode and the TUI (createRuntime in
 * runtime.ts builds it), and what they hand it: who answers questions, where
 * warnings go, how to clean up at exit.
 */
import type { AgentDefinition } from "../agents/definition.ts";
import type { Agent } from "../agent/agent.ts";
import type { AgentEvent, PermissionPrompt } from "../agent/events.ts";
import type { PermissionChain } from "../agent/permissions.ts";
import type { Clock } from "../clock.ts";
import type { LoadedConfig } from "../config/load.ts";
import type { Env } from "../env.ts";
import type { HomePaths } from "../home.ts";
import type { ApprovalsFile } from "../mcp/approvals/approvals.ts";
import type { SandboxHost } from "../sandbox/sandbox-host.ts";
import type { BackgroundTasks } from "../background/background-tasks.ts";
import type { ForegroundCalls } from "../background/foreground-calls.ts";
import type { ConnectOptions, McpManager } from "../mcp/manager.ts";
import type { ServerActions } from "../mcp/server-actions.ts";
import type { ServerRequestHandlers } from "../mcp/requests/server-requests.ts";
import type { Model } from "../model/model.ts";
import type { SettingsSession } from "../settings/settings-session.ts";
import type { ReadableStore, Store } from "../store.ts";
import type { AskUser } from "../tools/ask-user-question.ts";
import type { Tool } from "../tools/tool.ts";
import type { CustomCommand } from "./custom-commands.ts";
import type { RunOptions } from "./run-options.ts";
import type { SavedSession, SessionSummary } from "./saved-sessions.ts";

export interface RuntimeOptions {
  options: RunOptions;
  cwd: string;
  env: Env;
  /** Where config warnings go (stderr). */
  warn: (message: string) => void;
  /** True for the TUI: project servers wait for the user's answer. */
  interactive: boolean;
  /** Answers permission requests; print mode's chain never asks. */
  ask: PermissionPrompt;
  /** The user's home folder; $HOME (else the system's) when absent (home.ts's userHomeDir). */
  homeDir?: string;
  /** Every time and timer of the session; the real clock when absent. */
  clock?: Clock;
  /** Who answers servers' elicitation and sampling requests (print mode declines, the TUI asks); declined when absent. */
  serverRequests?: (parts: { model: Model; home: HomePaths; clock: Clock }) => ServerRequestHandlers;
  /** Answers the model's AskUserQuestion (the TUI's modal); absent in print mode, where it is a tool error. */
  askUser?: AskUser;
  /** Registers a synchronous last-chance cleanup (process exit, SIGTERM): the CLI hooks it to the process. */
  onExit?: (cleanup: () => void) => void;
  /** Names of the UI's own slash commands: a custom command of that name is shadowed. */
  reservedCommands?: readonly string[];
}

/** The session beyond one turn: saved sessions, the context, the cost and the model. */
export interface SessionActions {
  /** This folder's saved sessions, newest first (the picker). */
  list(): SessionSummary[];
  /** `/resume ID`: the conversation becomes that session's and is saved on in its file; throws when there is none. */
  resume(id: string): SavedSession;
  /** The saved session this run continues (--continue, --resume ID), read at start: the TUI shows its transcript. */
  readonly restored: SavedSession | undefined;
  /** --resume without an id: the picker opens at start. */
  readonly pickAtStart: boolean;
  /** `/context`'s lines. */
  contextLines(): string[];
  /** The next request's estimated tokens against the window (the footer). */
  contextUse(): { tokens: number; windowTokens: number; thresholdTokens: number | undefined };
  /** `/cost`'s lines. */
  costLines(): string[];
  /** `/agents`' lines. */
  agentLines?(): string[];
  /** The model's name as it is now (`/model` changes it; the footer shows it). */
  readonly model: ReadableStore<string>;
  /** `/model NAME`: later requests go to that model; rejects for the scripted model. */
  setModel(name: string): Promise<void>;
}

export interface Runtime {
  /** --session-id, the resumed session's, or a random UUID: stream-json's session_id, the saved session's file name. */
  readonly sessionId: string;
  /** Saved sessions, /context, /cost and /model. */
  readonly sessions: SessionActions;
  /** The servers as the user drives them (the TUI's panel and `/mcp`); `checkSandbox` learns whether "Start sandboxed" may be offered. */
  readonly mcp: ServerActions & { checkSandbox(): Promise<void> };
  /** What to print after the UI closes: how to come back to this session; undefined when nothing was saved. */
  resumeHint(): string | undefined;
  readonly home: HomePaths;
  /** The user's home folder, found once (home.ts's userHomeDir). */
  readonly userHome: string;
  readonly config: LoadedConfig;
  readonly model: Model;
  readonly manager: McpManager;
  /** The session's sandbox: sandboxed servers (and Bash with --sandbox) run in it; its runtime loads on first use. */
  readonly sandbox: SandboxHost;
  /** Sandbox mode for Bash (`--sandbox`, `/sandbox`). */
  readonly sandboxMode: Store<boolean>;
  /** Every background task of the session: shells, MCP tasks, tool calls sent to the background. */
  readonly background: BackgroundTasks;
  /** The calls running in the foreground that Ctrl+B can send to the background. */
  readonly foreground: ForegroundCalls;
  /** Project-server approvals (the panel's a approves and revokes). */
  readonly approvals: ApprovalsFile;
  readonly permissions: PermissionChain;
  /** The settings files: what applies, the shared file's question, "don't ask again". */
  readonly settings: SettingsSession;
  /** `.claude/commands/*.md` of the project and the user, as slash commands. */
  readonly customCommands: readonly CustomCommand[];
  /** The subagents the Agent tool can start (`/agents`). */
  readonly agents: readonly AgentDefinition[];
  readonly agent: Agent;
  /** Built-in tools first, then every connected server's; tools a deny rule refuses outright are left out. */
  tools(): readonly Tool[];
  /** Adds a folder the file tools may use and servers get as a root (`/add-dir`); a usage error when it is not a folder. */
  addDir(dir: string): Promise<void>;
  /** Runs one typed line as a turn: a server prompt command expands, `@server:uri` mentions attach their resources. */
  runTurn(line: string, signal: AbortSignal): AsyncGenerator<AgentEvent, void>;
  /** Lists and connects every declared server; resolves when each has settled, waits for approval, or is offered from the tool cache. */
  startServers(options?: ConnectOptions): Promise<void>;
  /** The TUI's two steps of startServers: list every server (its first frame shows them), then connect them. */
  listServers(): Promise<void>;
  /**
   * After the shared settings file was approved (and before connectServers):
   * its env and server-enabling keys apply, so the config is read again and
   * the servers listed again.
   */
  applyApprovedSettings(): Promise<void>;
  connectServers(): Promise<void>;
  close(): Promise<void>;
}
