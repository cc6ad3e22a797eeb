/**
 * What `mini-cc mcp list` shows for each server, from the manager's settled
 * snapshot: a plain row (the `--json` element) and its one-line human form.
 * Pure, so the exact output is tested without starting anything.
 */
import { stillStartingText } from "../../mcp/state/startup-silence.ts";
import { isRemote, type RemoteType, type ServerEntry, type ServerSource } from "../../config/types.ts";
import type { ApprovalStatus } from "../../mcp/approvals/approval-types.ts";
import type { McpSnapshot, ServerStatus, ServerView } from "../../mcp/state/server-state.ts";
import { commandLine, notApprovedText, shellQuote } from "../../config/describe.ts";
import { tildePath } from "../../mcp/logs/log-hint.ts";
import { needsAuthText, STATUS_TABLE } from "../../mcp/state/status-table.ts";

/** One element of `mcp list --json`. */
export interface ListRow {
  readonly name: string;
  readonly scope: ServerSource;
  /** The manager's status, except that an unapproved project server is "needs-approval", not "disabled". */
  readonly status: ServerStatus;
  /** Absent for an entry that failed validation. */
  readonly type?: "stdio" | RemoteType;
  readonly command?: string;
  readonly args?: readonly string[];
  readonly url?: string;
  /** The tools of a connected server; [] otherwise. */
  readonly tools: readonly string[];
  /** The protocol version a connected server speaks ("2026-07-28", "2025-06-18", …). */
  readonly protocolVersion?: string;
  /** For a project server waiting for approval: never approved ("new") or approved with another entry ("changed"). */
  readonly approval?: Exclude<ApprovalStatus, "approved">;
  readonly error?: string;
  /** For a failed stdio server that wrote to its stderr log: the log file. */
  readonly log?: string;
  /** Lower scopes that declare the same name, whose entries this one hides (a project server taking a user server's name). */
  readonly shadows?: readonly ServerSource[];
  /** Runs in the sandbox (its entry says so, or it was approved sandboxed). */
  readonly sandboxed?: true;
  /** `"scope": "agents"`: kept out of the main conversation, started for the agents that name it. */
  readonly offeredTo?: "agents";
  /** The file that declares it. */
  readonly file: string;
}

/** How each project server's approval stands, for those the manager kept off. */
export type ApprovalLookup = (view: ServerView) => Promise<ApprovalStatus>;

/** The log file of a server, when it failed and its log has something to read (see server-log-hint.ts). */
export type LogLookup = (view: ServerView) => Promise<string | undefined>;

/** How listRows learns what the snapshot does not hold. */
export interface RowLookups {
  /** Which file declared each name. */
  readonly files: ReadonlyMap<string, string>;
  readonly approvalOf: ApprovalLookup;
  readonly logOf: LogLookup;
  /** For each name, the lower scopes whose entry of that name it hides. */
  readonly shadowed?: ReadonlyMap<string, readonly ServerSource[]>;
  /** Whether a server runs sandboxed; none is when absent. */
  readonly sandboxedOf?: (view: ServerView) => Promise<boolean>;
}

/** Rows for every server, in the snapshot's order. */
export async function listRows(snapshot: McpSnapshot, lookups: RowLookups): Promise<ListRow[]> {
  return Promise.all(snapshot.servers.map((view) => listRow(view, lookups)));
}

async function listRow(view: ServerView, lookups: RowLookups): Promise<ListRow> {
  const file = lookups.files.get(view.name) ?? "";
  const entry = view.config?.entry;
  const [outcome, log, sandboxed] = await Promise.all([
    statusOf(view, file, lookups.approvalOf),
    lookups.logOf(view),
    lookups.sandboxedOf?.(view) ?? false,
  ]);
  const shadows = lookups.shadowed?.get(view.name) ?? [];
  // Key order is the --json output's: who, how it stands, what it runs, where it is written.
  return {
    name: view.name,
    scope: view.source,
    status: outcome.status,
    ...describeEntry(entry),
    ...outcome.extra,
    ...(log !== undefined ? { log } : {}),
    ...(shadows.length > 0 ? { shadows } : {}),
    ...(sandboxed ? { sandboxed: true as const } : {}),
    ...(entry?.scope === "agents" ? { offeredTo: "agents" as const } : {}),
    file,
  };
}

async function statusOf(
  view: ServerView,
  file: string,
  approvalOf: ApprovalLookup,
): Promise<{ status: ServerStatus; extra: Pick<ListRow, "tools" | "protocolVersion" | "approval" | "error"> }> {
  const { state } = view;
  switch (state.status) {
    case "connected": {
      const { protocolVersion } = state;
      return {
        status: state.status,
        extra: { tools: state.tools.map((tool) => tool.name), ...(protocolVersion ? { protocolVersion } : {}) },
      };
    }
    case "cached":
      return { status: state.status, extra: { tools: state.tools.map((tool) => tool.name) } };
    case "failed":
      // An invalid entry's error is a JSON path; the file makes it findable.
      return { status: "failed", extra: { tools: [], error: view.config ? state.error : `${file}: ${state.error}` } };
    case "disabled": {
      if (state.cause === "user")
        return {
          status: "disabled",
          extra: { tools: [], error: `${state.reason} (run: mini-cc mcp enable ${shellQuote(view.name)})` },
        };
      // Non-interactive, the manager disables an unapproved project server instead of asking.
      const approval = view.source === "project" ? await approvalOf(view) : "approved";
      if (approval !== "approved") return { status: "needs-approval", extra: { tools: [], approval } };
      return { status: "disabled", extra: { tools: [], error: state.reason } };
    }
    case "needs-auth":
      // "not logged in" goes without saying; a step-up's reason names the scope the server asks for.
      return {
        status: "needs-auth",
        extra: { tools: [], ...(state.reason !== "not logged in" ? { error: state.reason } : {}) },
      };
    case "pending":
      // Past its connect timeout: installing, or started and silent.
      return {
        status: "pending",
        extra: { tools: [], ...(state.stillStarting ? { error: stillStartingText(state.silence) } : {}) },
      };
    default:
      return { status: state.status, extra: { tools: [] } };
  }
}

function describeEntry(entry: ServerEntry | undefined): Pick<ListRow, "type" | "command" | "args" | "url"> {
  if (!entry) return {};
  if (isRemote(entry)) return { type: entry.type, url: entry.url };
  return { type: "stdio", command: entry.command, args: entry.args ?? [] };
}

/**
 * `tracker: node server.ts (project) - ✔ connected · 3 tools` (`(project, shadows user)`
 * when a user server of the same name is hidden, `(project, sandboxed)` for one in the sandbox), and under a
 * failed server with a log, `  log: ~/.mini-cc/logs/mcp-tracker.log`.
 */
export function formatListLines(row: ListRow, userHome: string): string[] {
  // "project, shadows user": the same name declared lower is not what runs.
  const scope = [
    row.shadows?.length ? `${row.scope}, shadows ${row.shadows.join(" and ")}` : row.scope,
    ...(row.sandboxed ? ["sandboxed"] : []),
    ...(row.offeredTo === "agents" ? ["scope: agents"] : []),
  ].join(", ");
  let target: string;
  if (row.url !== undefined) target = `${row.url} (${row.type}, ${scope})`;
  else if (row.command !== undefined)
    target = `${commandLine({ command: row.command, args: [...(row.args ?? [])] })} (${scope})`;
  else target = `invalid entry (${scope})`;
  const line = `${row.name}: ${target} - ${statusText(row)}`;
  return row.log !== undefined ? [line, `  log: ${tildePath(row.log, userHome)}`] : [line];
}

/** `✔ connected · 3 tools`, `✘ failed: REASON`, `? not approved (run: …)`: how a row stands, after STATUS_TABLE's mark. */
export function statusText(row: ListRow): string {
  const mark = STATUS_TABLE[row.status].listMark;
  const tools = () => `${row.tools.length} ${row.tools.length === 1 ? "tool" : "tools"}`;
  switch (row.status) {
    case "connected":
      return `${mark} connected · ${tools()}`;
    case "cached":
      return `${mark} ready (cached) · ${tools()}`;
    case "failed":
      return `${mark} failed: ${row.error ?? "unknown error"}`;
    case "needs-approval":
      return `${mark} ${notApprovedText(row.name, row.approval ?? "new")}`;
    case "disabled":
      return `${mark} disabled: ${row.error ?? ""}`;
    case "needs-auth":
      return `${mark} ${needsAuthText(`mini-cc mcp login ${row.name}`, row.error)}`;
    case "standby":
      return `${mark} ${AGENTS_ONLY_TEXT}`;
    default:
      return `${mark} ${row.status}${row.error !== undefined ? `: ${row.error}` : ""}`;
  }
}

/** What a `"scope": "agents"` server on standby is said to be doing. */
export const AGENTS_ONLY_TEXT =
  "standby: not started for the main conversation; starts when an agent that names it runs";

/**
 * True when the row counts as fine for the exit status: connected, waiting for a login, switched off by the user
 * (the only disabled row), or kept for agents (never started here).
 */
export function isConnected(row: ListRow): boolean {
  return (
    row.status === "connected" || row.status === "needs-auth" || row.status === "disabled" || row.status === "standby"
  );
}

/**
 * For each name, the scopes below its winner that also declare it, from every
 * declaration in precedence order (local, project, user).
 */
export function shadowedScopes(
  declarations: readonly { readonly name: string; readonly scope: ServerSource }[],
  winners: readonly { readonly name: string; readonly source: ServerSource }[],
): Map<string, ServerSource[]> {
  const shadowed = new Map<string, ServerSource[]>();
  for (const { name, source } of winners) {
    const hidden = declarations.filter((d) => d.name === name && d.scope !== source).map((d) => d.scope);
    if (hidden.length > 0) shadowed.set(name, hidden);
  }
  return shadowed;
}
