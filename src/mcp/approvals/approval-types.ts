/**
 * The contract between the approvals file and McpManager: the manager asks
 * whether a project server may start and records the user's choice.
 */
import type { ServerConfig, ServerEntry } from "../../config/types.ts";

/** What an approval is of: a server's name and its entry as written (never the expanded one). */
export type ApprovedServer = Pick<ServerConfig, "name" | "entry">;

/** "changed": approved before, but the entry's fingerprint differs now. */
export type ApprovalStatus = "approved" | "changed" | "new";

/** The three answers the UI offers for a project server. */
export type ApprovalChoice = "remember" | "once" | "deny";

/** What was approved before: the UI shows the old entry next to the new one when it changed. */
export interface PreviousApproval {
  readonly fingerprint: string;
  /** Absent for approvals stored before entries were kept. */
  readonly entry?: ServerEntry;
  /** ISO time of the approval; absent in the oldest records. */
  readonly approvedAt?: string;
}

export interface ApprovalRecords {
  status(projectDir: string, server: ApprovedServer): Promise<ApprovalStatus>;
  /** The stored approval of a server, whatever its fingerprint; optional so simple records can leave it out. */
  previous?(projectDir: string, name: string): Promise<PreviousApproval | undefined>;
  /** Remembers the entry's fingerprint (atomic, merged with what is on disk). */
  approve(projectDir: string, server: ApprovedServer): Promise<void>;
}
