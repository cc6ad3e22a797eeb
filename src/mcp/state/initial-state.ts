/**
 * The state a declared server starts in: failed (an invalid entry), disabled
 * (the user switched it off for this project, mcp-disabled.json), waiting
 * for approval or disabled (a project server not approved for this entry), or
 * pending (free to connect). A project server is never started before this
 * says pending.
 */
import { isInvalid, writtenServer, type DeclaredServer, type ServerConfig } from "../../config/types.ts";
import type { ToolCacheStore } from "../tools/cache.ts";
import { readOnlyTools, trustsReadOnlyHint } from "./read-only-trust.ts";
import type { ApprovalRecords, ApprovalStatus } from "../approvals/approval-types.ts";
import { USER_DISABLED, type ServerState, type ServerView } from "./server-state.ts";
import { beginLife } from "./lifecycle.ts";
import { notApprovedText } from "../../config/describe.ts";

export interface ApprovalContext {
  approvals: ApprovalRecords;
  projectDir: string;
  /** A user can answer (TUI): an unapproved server waits; else it is disabled with the way to approve it. */
  interactive: boolean;
  /** Names the user switched off in this project: not started, whatever their approval. */
  userDisabled?: ReadonlySet<string>;
  /** Where a server's tools from an earlier run are, so the approval can say how many run without asking. */
  toolCache?: ToolCacheStore;
  /** The user's `mcpTrustReadOnlyHints` setting; trusted without it. */
  trustReadOnlyHints?: () => boolean;
  /** Managed policy (src/settings/server-policy.ts): why a server may not start, or undefined. */
  serverPolicy?: (server: ServerConfig) => string | undefined;
}

/** The view a server starts with; `pending` means it may connect now. */
export async function initialView(server: DeclaredServer, context: ApprovalContext): Promise<ServerView> {
  const { name, source } = server;
  if (isInvalid(server))
    return { name, source, ...beginLife({ status: "failed", error: server.error, code: "invalid-entry" }) };
  // Before anything else: no approval, switch or flag starts what the organisation's policy refuses.
  const refused = context.serverPolicy?.(server);
  if (refused !== undefined)
    return {
      name,
      source,
      config: writtenServer(server),
      ...beginLife({ status: "disabled", reason: refused, cause: "policy" }),
    };
  if (context.userDisabled?.has(name))
    return { name, source, config: writtenServer(server), ...beginLife(USER_DISABLED) };
  if (source === "project") {
    const status = await context.approvals.status(context.projectDir, server).catch((): ApprovalStatus => "new");
    if (status !== "approved")
      return {
        name,
        source,
        config: writtenServer(server),
        ...beginLife(await unapprovedState(server, status, context)),
      };
  }
  return { name, source, config: writtenServer(server), ...beginLife({ status: "pending" }) };
}

/** Disabled when nobody can answer; else waiting for the user, with the entry approved before when it changed. */
async function unapprovedState(
  server: ServerConfig,
  status: Exclude<ApprovalStatus, "approved">,
  context: ApprovalContext,
): Promise<ServerState> {
  const { name } = server;
  if (!context.interactive) return { status: "disabled", reason: notApprovedText(name, status), cause: "not-approved" };
  // Known only when this very entry ran before (the cache is keyed by it).
  const cached = await context.toolCache?.read(server).catch(() => undefined);
  const known = cached
    ? {
        readOnlyTools: readOnlyTools(
          cached.tools,
          trustsReadOnlyHint(server.entry, context.trustReadOnlyHints?.() ?? true),
        ),
      }
    : {};
  if (status !== "changed") return { status: "needs-approval", ...known };
  const before = await context.approvals.previous(context.projectDir, name).catch(() => undefined);
  return before?.entry
    ? { status: "needs-approval", previous: before.entry, ...known }
    : { status: "needs-approval", ...known };
}
