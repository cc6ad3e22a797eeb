/**
 * The contract between the approvals file and McpManager: the manager asks
 * whether a project server may start and records the user's choice.
 */
import type { ServerConfig, ServerEntry } from "../../config/types.ts";

/** What an approval is of: a server's name and its entry as written (never the expanded one). */
export type ApprovedServer = Pick<ServerConfig, "name" | "entry">;

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

/**
 * The one approvals interface (ApprovalsFile; MemoryApprovals in tests). Pass
 * the object itself, never a wrapper that re-lists its methods: `mode` is
 * required so that a wrapper forgetting to hand it on does not compile.
 */
export interface ApprovalRecords {
  status(projectDir: string, server: ApprovedServer): Promise<ApprovalStatus>;
  /** The stored approval of a server, whatever its fingerprint. */
  previous(projectDir: string, name: string): Promise<PreviousApproval | undefined>;
  /** Remembers the entry's fingerprint and how it runs (atomic, merged with what is on disk). */
  approve(projectDir: string, server: ApprovedServer, mode: ApprovalMode): Promise<void>;
}
