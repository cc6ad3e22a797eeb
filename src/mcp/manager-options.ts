/** What McpManager is handed, and how connectListed treats cached servers. */
import type { Clock } from "../clock.ts";
import type { ServerConfig } from "../config/types.ts";
import type { ApprovalRecords } from "./approvals/approval-types.ts";
import type { DisabledServers } from "./approvals/disabled-servers.ts";
import type { ServersOutside } from "./supervisor-options.ts";
import type { SaveToolOutput } from "./tools/output-files.ts";

/** Everything McpManager touches outside itself. */
export interface McpManagerOptions extends ServersOutside {
  approvals: ApprovalRecords;
  /** A user can answer approval questions (TUI); false in print mode and `mcp list`. */
  interactive: boolean;
  clock?: Clock;
  /** The servers the user switched off per project: read at list(), written by disable/enable. Without it, disabling lasts this session. */
  disabledServers?: DisabledServers;
  /** Managed policy: why a server may not start (src/settings/server-policy.ts); every server may when absent. */
  serverPolicy?: (server: ServerConfig) => string | undefined;
  /** Saves a call's whole output when MAX_MCP_OUTPUT_TOKENS cuts it (output-files.ts). */
  saveToolOutput?: SaveToolOutput;
  /** The user's `mcpTrustReadOnlyHints` setting, read when the tools are made; trusted without it. */
  trustReadOnlyHints?: () => boolean;
  /** A call (by its progress key, the tool-use id) was answered with a task: kept in the saved session. */
  onTaskStarted?: (task: StartedTask) => void;
  /** That task is no longer followed (it ended, failed, timed out or was cancelled): kept too. */
  onTaskEnded?: (task: StartedTask) => void;
}

/** A tool call that became a task on its server; `taskId` terminal-safe, as shown. */
export interface StartedTask {
  toolUseId: string;
  server: string;
  taskId: string;
}

/** How connectListed treats servers offered from the tool cache. */
export interface ConnectOptions {
  /**
   * Print mode: a cached eager server's background connect waits for
   * releaseBackground() (called once the first model request is out), so 20
   * servers booting at once do not slow that request; a call starts it sooner.
   */
  holdBackground?: boolean;
}
