/**
 * The contract between the approvals file and McpManager: the manager asks
 * whether a project server may start and records the user's choice.
 */
import type { ServerConfig, ServerEntry } from "../../config/types.ts";

/** "changed": approved before, but the entry's fingerprint differs now. */
export type ApprovalStatus = "approved" | "changed" | "new";

/** The answers the UI offers for a project server; "sandbox" starts it sandboxed and remembers that. */
export type ApprovalChoice = "sandbox" | "remember" | "once" | "deny";

/** How an approved server runs when its entry does not say (`"sandbox"`): in the sandbox, or with full access. */
export interface ApprovalMode {
  readonly sandboxed: boolean;
}

/** What was approved before: the UI shows the old entry next to the new one when it changed. */
export interface PreviousApproval {
  readonly fingerprint: string;
  /** Absent for approvals stored before entries were kept. */
  readonly entry?: ServerEntry;
  /** ISO time of the approval; absent in the oldest records. */
  readonly approvedAt?: string;
  /** Chosen with the approval: run sandboxed. Absent (full access) in records from before the sandbox. */
  readonly sandboxed?: boolean;
}

export interface ApprovalRecords {
  status(projectDir: string, server: ServerConfig): Promise<ApprovalStatus>;
  /** The stored approval of a server, whatever its fingerprint; optional so simple records can leave it out. */
  previous?(projectDir: string, name: string): Promise<PreviousApproval | undefined>;
  /** Remembers the entry's fingerprint and how it runs (atomic, merged with what is on disk). */
  approve(projectDir: string, server: ServerConfig, mode?: ApprovalMode): Promise<void>;
}
