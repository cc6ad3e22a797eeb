/**
 * What the opened server in the MCP panel shows beyond the store snapshot:
 * its approval record (when, and the entry approved, for a diff) and the
 * tail of its stderr log. Read from files when a server is opened, so the
 * store stays the one record of state and health.
 */
import type { ApprovalRecords } from "../../src/mcp/approvals/approval-types.ts";
import { readLogTail, tildePath } from "../../src/mcp/logs/log-hint.ts";
import { serverLogPath } from "../../src/mcp/logs/stderr-log.ts";
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import type { ApprovalDetails, ServerDetails } from "../runtime/tui-runtime.ts";

/** Lines of the log tail the panel reads: `l` shows them all, else the last LOG_SHOWN_LINES. */
export const LOG_TAIL_LINES = 200;
export const LOG_SHOWN_LINES = 8;

/** Where details come from. */
export interface DetailSources {
  readonly approvals: Pick<ApprovalRecords, "status" | "previous">;
  readonly projectDir: string;
  readonly logDir: string;
  readonly userHome: string;
}

/** Reads one server's details; never throws (a file that cannot be read shows as absent). */
export async function loadServerDetails(view: ServerView, sources: DetailSources): Promise<ServerDetails> {
  const remote = view.config?.entry.type === "http" || view.config?.entry.type === "sse";
  const path = serverLogPath(sources.logDir, view.name);
  const [approval, logTail] = await Promise.all([
    approvalOf(view, sources).catch(() => undefined),
    remote ? Promise.resolve([]) : readLogTail(path, LOG_TAIL_LINES),
  ]);
  return {
    ...(approval ? { approval } : {}),
    ...(remote ? {} : { logPath: tildePath(path, sources.userHome) }),
    logTail,
  };
}

async function approvalOf(view: ServerView, sources: DetailSources): Promise<ApprovalDetails | undefined> {
  if (view.source !== "project" || !view.config) return undefined;
  const [status, record] = await Promise.all([
    sources.approvals.status(sources.projectDir, view.config),
    sources.approvals.previous(sources.projectDir, view.name),
  ]);
  const approvedAt = record?.approvedAt;
  return {
    status,
    ...(approvedAt ? { approvedAt } : {}),
    ...(status === "changed" && record?.entry ? { previous: record.entry } : {}),
  };
}
