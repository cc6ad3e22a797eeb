/**
 * One server's life as the McpManager store holds it (DESIGN.md, "Server state").
 */
import type { ErrorCode } from "../../errors.ts";
import type { ServerEntry, ServerSource, WrittenServer } from "../../config/types.ts";
import type { ServerCapabilities } from "@modelcontextprotocol/client";

export interface McpToolInfo {
  /** The tool's own name on its server. */
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** The tool runs only as a task (2025-11-25 `execution.taskSupport: "required"`): called with task augmentation. */
  runsAsTask?: true;
}

/** A tool the server listed that is not offered to the model, and why. */
export interface SkippedTool {
  name: string;
  reason: string;
}

/** A resource a server lists (resources/list). */
export interface McpResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A parameterised resource (resources/templates/list): `file:///{path}`. */
export interface McpResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A prompt a server offers (prompts/list): a slash command `/mcp__<server>__<prompt>`. */
export interface McpPromptInfo {
  name: string;
  title?: string;
  description: string;
  arguments: readonly { name: string; description?: string; required: boolean }[];
}

/** A `notifications/message` line at warning or above, kept for the server's details. */
export interface ServerLogEntry {
  level: string;
  logger?: string;
  text: string;
}

/**
 * What a connected server offers beyond tools: its negotiated capabilities,
 * resources, templates and prompts (absent when it has none), and its most
 * recent warnings.
 */
export interface ServerFeatures {
  /** The protocol version the session speaks: 2026-07-28 (reached with server/discover) or one reached with initialize. */
  protocolVersion?: string;
  capabilities?: ServerCapabilities;
  resources?: readonly McpResourceInfo[];
  resourceTemplates?: readonly McpResourceTemplateInfo[];
  prompts?: readonly McpPromptInfo[];
  logWarnings?: readonly ServerLogEntry[];
  /** What the bound on one server's lists left out, each `offers more than 1,000 tools: …` (list-pages.ts). */
  listCuts?: readonly string[];
}

/** A stdio server past its connect timeout: `ms` without an answer to initialize; `installing`: an `npx -y` package not yet in npm's cache. */
export interface StartupSilence {
  readonly ms: number;
  readonly installing: boolean;
}

/** How many of a server's tools run without asking, of how many, and whether its hints are trusted at all. */
export interface ReadOnlyTools {
  readonly unasked: number;
  readonly total: number;
  readonly trusted: boolean;
}

export type ServerState =
  /** `previous`: the entry as approved before, when this one differs from it (the UI says what changed). */
  /** `readOnlyTools`: how many of its tools would run without asking, when known (the tool cache, or it ran this session). */
  | { status: "needs-approval"; previous?: ServerEntry; readOnlyTools?: ReadOnlyTools }
  /**
   * `stillStarting`: past its connect timeout, a stdio server goes on starting in the background (tools added when it connects);
   * `silence`: how long it had not answered initialize then, and whether npx may still be installing it (still-starting-text.ts).
   */
  | { status: "pending"; stillStarting?: true; silence?: StartupSilence }
  /** `cacheNote`: how the live tool list differed from the cached one offered before it (absent when it matched or there was none). */
  | ({
      status: "connected";
      tools: readonly McpToolInfo[];
      instructions: string;
      connectMs: number;
      skippedTools?: readonly SkippedTool[];
      cacheNote?: string;
    } & ServerFeatures)
  /**
   * Offered from the tool cache (tool-cache.ts) with no live session yet: one may be
   * connecting in the background, or (lazy start, idle stop) starts on the first call.
   */
  | ({
      status: "cached";
      tools: readonly McpToolInfo[];
      instructions: string;
      skippedTools?: readonly SkippedTool[];
    } & Omit<ServerFeatures, "logWarnings">)
  | { status: "failed"; error: string; code: ErrorCode }
  /** The server wants an OAuth login (`mini-cc mcp login NAME`); `reason` says what was missing ("not logged in", "refresh token rejected"). Not a failure. */
  | { status: "needs-auth"; reason: string }
  /** `cause`: the user said "don't start" (declined), nobody could ask (not-approved), the user switched it off (user), or managed policy refuses it (policy). */
  | { status: "disabled"; reason: string; cause: DisabledCause }
  | { status: "reconnecting"; attempt: number }
  /** An agent-scoped server no running agent needs: not started, offered to nobody (mcp/agent-servers.ts). */
  | { status: "standby" };

export type ServerStatus = ServerState["status"];

export type DisabledCause = "declined" | "not-approved" | "user" | "policy";

/** The state of a server the user switched off (`mcp disable`, the panel's d). */
export const USER_DISABLED: ServerState = { status: "disabled", reason: "disabled by user", cause: "user" };

export interface ServerView {
  readonly name: string;
  readonly source: ServerSource;
  /** Absent for an entry that failed validation. */
  readonly config?: WrittenServer;
  readonly state: ServerState;
  /** State history and connect attempts (lifecycle.ts keeps them with the state; tool usage is tools/usage.ts). */
  readonly health: ServerHealth;
  /** Set on a server kept out of the main conversation, offered to agents only. */
  readonly forAgents?: AgentUse;
}

/** Which agents an agent-scoped server is for: what the panel groups it under. */
export interface AgentUse {
  /**
   * The agents that declared it in their file or named it this session, in order of first
   * use; empty for a `"scope": "agents"` server no agent has asked for yet.
   */
  readonly agents: readonly string[];
}

/** What McpManager's store holds: servers in declaration order. */
export interface McpSnapshot {
  readonly servers: readonly ServerView[];
}

/** One status change, `at` ms after the session's servers were listed. */
export interface Transition {
  readonly status: ServerStatus;
  readonly at: number;
}

export interface ServerHealth {
  /** Status changes, oldest first (at most HISTORY_LIMIT). */
  readonly history: readonly Transition[];
  /** Reconnect attempts scheduled this session. */
  readonly reconnects: number;
  readonly lastFailure?: string;
}
