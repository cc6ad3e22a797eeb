/**
 * One server's life as the McpManager store holds it (DESIGN.md, "Server state").
 */
import type { ErrorCode } from "../errors.ts";
import type { ServerConfig, ServerEntry, ServerSource } from "../config/types.ts";

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
}

/** A tool the server listed that is not offered to the model, and why. */
export interface SkippedTool {
  name: string;
  reason: string;
}

export type ServerState =
  /** `previous`: the entry as approved before, when this one differs from it (the UI says what changed). */
  | { status: "needs-approval"; previous?: ServerEntry }
  | { status: "pending" }
  | { status: "connected"; tools: readonly McpToolInfo[]; instructions: string; connectMs: number; skippedTools?: readonly SkippedTool[] }
  | { status: "failed"; error: string; code: ErrorCode }
  | { status: "disabled"; reason: string }
  | { status: "reconnecting"; attempt: number };

export type ServerStatus = ServerState["status"];

export interface ServerView {
  readonly name: string;
  readonly source: ServerSource;
  /** Absent for an entry that failed validation. */
  readonly config?: ServerConfig;
  readonly state: ServerState;
}

/** What McpManager's store holds: servers in declaration order. */
export interface McpSnapshot {
  readonly servers: readonly ServerView[];
}
