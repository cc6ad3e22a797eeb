/**
 * The contract between the approvals file and McpManager: the manager asks
 * whether a project server may start and records the user's choice.
 */
import type { ServerConfig } from "../config/types.ts";

/** "changed": approved before, but the entry's fingerprint differs now. */
export type ApprovalStatus = "approved" | "changed" | "new";

/** The three answers the UI offers for a project server. */
export type ApprovalChoice = "remember" | "once" | "deny";

export interface ApprovalRecords {
  status(projectDir: string, server: ServerConfig): Promise<ApprovalStatus>;
  /** Remembers the entry's fingerprint (atomic, merged with what is on disk). */
  approve(projectDir: string, server: ServerConfig): Promise<void>;
}
