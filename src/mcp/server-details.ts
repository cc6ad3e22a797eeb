/**
 * What the opened server in the MCP panel shows beyond the store snapshot:
 * its approval record (when, and the entry approved, for a diff) and the
 * tail of its stderr log. Read from files when a server is opened, so the
 * store stays the one record of state and health.
 */
import type { ApprovalRecords, ApprovalStatus } from "./approvals/approval-types.ts";
import { readLogTail, tildePath } from "./logs/log-hint.ts";
import { serverLogPath } from "./logs/stderr-log.ts";
import type { ServerView } from "./state/server-state.ts";
import type { ServerEntry } from "../config/types.ts";
import { isRemote } from "../config/types.ts";
import { sandboxSettingText } from "../config/describe.ts";
import type { ServerViolations } from "../sandbox/violations.ts";
import type { OAuthStore } from "./connection/oauth/token-store.ts";
import { oauthSummary } from "./connection/oauth/oauth-summary.ts";
import { expandEntry } from "../config/expand.ts";
import type { Env } from "../env.ts";

/** A project server's approval as the approvals file holds it. */
export interface ApprovalDetails {
  readonly status: ApprovalStatus;
  /** ISO time, when the record has one. */
  readonly approvedAt?: string;
  /** The entry approved before, when it differs from the one declared now. */
  readonly previous?: ServerEntry;
}

/** A sandboxed server's sandbox: what it runs under and what was blocked this session. */
export interface SandboxDetails {
  /** `default profile (chosen at approval)`, `default profile + hosts: api.github.com`. */
  readonly profile: string;
  /** `blocked: write ~/.bashrc (sandbox.allowWrite would allow it)`, oldest first. */
  readonly blocked: readonly string[];
}

/** What the panel shows of an opened server beyond the store. */
export interface ServerDetails {
  /** Only for project servers. */
  readonly approval?: ApprovalDetails;
  /** Only for a server that runs sandboxed. */
  readonly sandbox?: SandboxDetails;
  /** A remote server's OAuth, as `[label, value]` rows (oauth-summary.ts); absent without OAuth. */
  readonly oauth?: ReadonlyArray<readonly [string, string]>;
  /** The log file as shown (`~/.mini-cc/logs/mcp-tracker.log`); absent for a remote server. */
  readonly logPath?: string;
  /** Its last lines, raw (untrusted: the view makes them terminal-safe). */
  readonly logTail: readonly string[];
}

/** Lines of the log tail read: the panel's `l` shows them all. */
export const LOG_TAIL_LINES = 200;

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
export async function loadServerDetails(
  view: ServerView,
  sources: DetailSources,
  violations: Readonly<Record<string, ServerViolations>> = {},
): Promise<ServerDetails> {
  const remote = view.config?.entry.type === "http" || view.config?.entry.type === "sse";
  const path = serverLogPath(sources.logDir, view.name);
  const [approval, logTail, oauth] = await Promise.all([
    approvalOf(view, sources).catch(() => undefined),
    remote ? Promise.resolve([]) : readLogTail(path, LOG_TAIL_LINES),
    oauthOf(view, sources).catch(() => []),
  ]);
  const sandbox = sandboxOf(view, violations);
  return {
    ...(approval ? { approval } : {}),
    ...(sandbox ? { sandbox } : {}),
    ...(oauth.length > 0 ? { oauth } : {}),
    ...(remote ? {} : { logPath: tildePath(path, sources.userHome) }),
    logTail,
  };
}

/** A local server the sandbox blocked something of this session: what it runs under, and what was blocked. */
function sandboxOf(
  view: ServerView,
  violations: Readonly<Record<string, ServerViolations>>,
): SandboxDetails | undefined {
  const blocked = Object.hasOwn(violations, view.name) ? violations[view.name] : undefined;
  if (!view.config || isRemote(view.config.entry) || blocked === undefined) return undefined;
  const setting = view.config.entry.sandbox;
  const profile =
    setting === undefined || setting === false ? "default profile (chosen at approval)" : sandboxSettingText(setting);
  return { profile, blocked: blocked.recent };
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
