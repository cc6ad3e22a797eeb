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
import type { OAuthStore } from "../../src/mcp/connection/oauth/token-store.ts";
import { oauthSummary } from "../../src/mcp/connection/oauth/oauth-summary.ts";
import { isRemote } from "../../src/config/types.ts";
import { expandEntry } from "../../src/config/expand.ts";
import type { Env } from "../../src/env.ts";

/** Lines of the log tail the panel reads: `l` shows them all, else the last LOG_SHOWN_LINES. */
export const LOG_TAIL_LINES = 200;
export const LOG_SHOWN_LINES = 8;

/** Where details come from. */
export interface DetailSources {
  readonly approvals: Pick<ApprovalRecords, "status" | "previous">;
  readonly projectDir: string;
  readonly logDir: string;
  readonly userHome: string;
  /** Where a remote server's login is kept (how it authenticates is shown from it), and the env its entry expands with. */
  readonly oauth?: { readonly store: Pick<OAuthStore, "read" | "now">; readonly env: Env };
}

/** Reads one server's details; never throws (a file that cannot be read shows as absent). */
export async function loadServerDetails(view: ServerView, sources: DetailSources): Promise<ServerDetails> {
  const remote = view.config?.entry.type === "http" || view.config?.entry.type === "sse";
  const path = serverLogPath(sources.logDir, view.name);
  const [approval, logTail, oauth] = await Promise.all([
    approvalOf(view, sources).catch(() => undefined),
    remote ? Promise.resolve([]) : readLogTail(path, LOG_TAIL_LINES),
    oauthOf(view, sources).catch(() => []),
  ]);
  return {
    ...(approval ? { approval } : {}),
    ...(oauth.length > 0 ? { oauth } : {}),
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

/** How a remote server authenticates: the way mini-cc is known, the issuer, the scopes, the token's expiry. */
async function oauthOf(view: ServerView, sources: DetailSources): Promise<Array<[string, string]>> {
  if (!sources.oauth || !view.config) return [];
  const { store, env } = sources.oauth;
  const entry = expandEntry(view.config.entry, env).entry;
  if (!isRemote(entry)) return [];
  return oauthSummary(entry.oauth, await store.read(entry.url), store.now());
}
