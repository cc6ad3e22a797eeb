/**
 * Everything the full-screen UI needs from the rest of mini-cc, as one plain
 * object. The CLI builds it from the real McpManager, Agent and permission
 * chain; tests and examples/tui-demo.tsx build it from fakes.
 */
import type { AgentEvent, PermissionMode } from "../agent/events.ts";
import type { ApprovalChoice } from "../mcp/approval-types.ts";
import type { McpSnapshot } from "../mcp/server-state.ts";
import type { ReadableStore } from "../store.ts";
import type { ServerLogPlaces } from "../mcp/server-log-hint.ts";
import type { PermissionQueue } from "./permission-queue.ts";

/** The slice of McpManager the UI drives: its store and the two user actions. */
export interface TuiMcp {
  readonly store: ReadableStore<McpSnapshot>;
  /** The user's answer for a project server waiting in `needs-approval`. */
  decide(name: string, choice: ApprovalChoice): void | Promise<void>;
  /** Closes one server and connects it again (`/mcp restart NAME`). */
  restart(name: string): Promise<void>;
}

/** What runTui is given; see src/runtime.ts for the real one. */
export interface TuiRuntime {
  readonly mcp: TuiMcp;
  /** Runs one agent turn; aborting `signal` ends it with `turn_end` "aborted". */
  startTurn(prompt: string, signal: AbortSignal): AsyncIterable<AgentEvent>;
  /** The queue whose `ask` the agent was given; the approval modal answers it. */
  readonly permissionQueue: PermissionQueue;
  /** "Allow, and don't ask again this session" for one tool. */
  allowForSession(toolName: string): void;
  /** The permission chain's current mode (read it again after setPermissionMode); the footer shows it. */
  readonly permissionMode: PermissionMode;
  /** Switches the permission chain's mode for the calls that follow (Shift+Tab). */
  setPermissionMode(mode: PermissionMode): void;
  readonly modelName: string;
  readonly cwd: string;
  /** Where server logs live, so `/mcp` can point at a failed server's stderr. */
  readonly serverLogs?: ServerLogPlaces;
  /** Said once at the top of the transcript: config warnings and problems. */
  readonly notices?: readonly string[];
  /** A prompt from the command line, sent once every MCP server has settled. */
  readonly initialPrompt?: string;
  /** Closes every MCP server; the UI awaits it before it returns. */
  close(): Promise<void>;
}
