/**
 * `mini-cc mcp get NAME`: the entry that wins for NAME, as written, with its
 * scope and file, and for a project server whether it is approved and the
 * fingerprint an approval is bound to (header values masked: `Bearer ****`); then, like `claude mcp get`, its live
 * status: connected through McpManager (non-interactive, so an unapproved
 * project server is shown, never started), with its tools, then closed.
 */
import { readOnlyTools, readOnlyToolsText, trustsReadOnlyHint } from "../../mcp/state/read-only-trust.ts";
import { WRITABLE_SCOPES } from "../../config/scope-files.ts";
import { expandEntry, unsetVariableWarnings } from "../../config/expand.ts";
import { isRemote, type ServerConfig, type ServerEntry } from "../../config/types.ts";
import type { ApprovalRecord } from "../../mcp/approvals/approvals.ts";
import type { ApprovalStatus } from "../../mcp/approvals/approval-types.ts";
import { fingerprint } from "../../mcp/approvals/fingerprint.ts";
import type { McpToolInfo } from "../../mcp/state/server-state.ts";
import {
  commandLine,
  maskedHeaderValue,
  notApprovedText,
  sandboxSettingText,
  shellQuote,
  skippedToolText,
} from "../../config/describe.ts";
import { MiniCcError, usageError } from "../../errors.ts";
import { isJsonObject } from "../../fs/json-path.ts";
import { noMorePositionals } from "./arg-parser.ts";
import { scopeLabel, type McpCommandContext, type McpSubcommand } from "./command.ts";
import { readDeclared, type CheckedEntry } from "./declared-servers.ts";
import { isConnected, listRows, statusText } from "./list-rows.ts";
import { failedServerLog, tildePath } from "../../mcp/logs/log-hint.ts";
import { featureLines } from "../../mcp/features/feature-lines.ts";
import { sandboxedLookup } from "./sandboxed-lookup.ts";
import { credentialArgWarnings } from "../../config/credential-args.ts";
import { oauthSummary } from "../../mcp/connection/oauth/oauth-summary.ts";

const USAGE = `Usage: mini-cc mcp get [options] NAME

Shows the server NAME as its config file declares it (local over project
over user when several scopes declare it): scope, file, type, command and
args or URL, env, headers; for a project server, its approval state and
fingerprint. Then connects to it as a session would and shows its status:
its tools, or why it failed and, for a stdio server, the log file holding
its stderr. A project server that is not approved is not started. For an
http or sse server: whether it is logged in (OAuth) and until when, and
whether a headersHelper is set (never the tokens or the helper's output).

Options:
      --no-connect   show the entry only; start nothing
      --strict       exit 1 unless NAME is healthy (a health check)
  -h, --help         show this help

Exit status: 0 once it ran, whatever NAME's state (as Claude Code's); 1 when
no scope declares NAME. With --strict: 0 when NAME connected, is disabled
(mcp disable), waits for a login (mcp login NAME), or is a project server
waiting for approval (shown, not started); 1 when its entry is invalid, or it
failed to connect. With --no-connect --strict: 0 when NAME is declared and valid.`;

/** The lines `mcp get` prints for an entry as written. */
export function entryLines(entry: ServerEntry): string[] {
  const lines = [`  Type: ${entry.type ?? "stdio"}`];
  const map = (
    title: string,
    values: Record<string, string> | undefined,
    join: string,
    shown = (value: string) => value,
  ) => {
    if (!values || Object.keys(values).length === 0) return;
    lines.push(`  ${title}:`, ...Object.entries(values).map(([key, value]) => `    ${key}${join}${shown(value)}`));
  };
  if (isRemote(entry)) {
    lines.push(`  URL: ${entry.url}`);
    map("Headers", entry.headers, ": ", maskedHeaderValue);
    // That a helper is set, never what it prints (a secret).
    if (entry.headersHelper !== undefined) lines.push(`  Headers helper: set (${entry.headersHelper})`);
    if (entry.oauth) {
      const { clientId, clientSecret, callbackPort, clientMetadataUrl, grantType, privateKeyFile } = entry.oauth;
      const extras = [
        clientSecret !== undefined ? "client secret set" : "",
        // Where the key is, never what it holds.
        privateKeyFile !== undefined ? `private key ${privateKeyFile} (${entry.oauth.signingAlgorithm ?? "?"})` : "",
        callbackPort !== undefined ? `callback port ${callbackPort}` : "",
        grantType === "client_credentials" ? "client_credentials grant" : "",
      ].filter(Boolean);
      const client = clientId ?? "(none: dynamic registration)";
      lines.push(`  OAuth client: ${client}${extras.length > 0 ? ` (${extras.join(", ")})` : ""}`);
      if (clientMetadataUrl !== undefined) lines.push(`  OAuth client metadata document: ${clientMetadataUrl}`);
    }
  } else {
    lines.push(`  Command: ${commandLine({ command: entry.command })}`);
    if (entry.args && entry.args.length > 0) lines.push(`  Args: ${entry.args.map(shellQuote).join(" ")}`);
    map("Env", entry.env, "=");
  }
  if (entry.timeout !== undefined) lines.push(`  Timeout: ${entry.timeout} ms`);
  if (entry.scope === "agents")
    lines.push("  Offered to: agents only (scope: agents), started when an agent that names it runs");
  return lines;
}

/** An invalid entry as written, but its string header values masked: invalid or not, they may be secrets. */
function withMaskedHeaders(entry: unknown): unknown {
  if (!isJsonObject(entry) || !isJsonObject(entry.headers)) return entry;
  const headers = Object.fromEntries(
    Object.entries(entry.headers).map(([key, value]) => [
      key,
      typeof value === "string" ? maskedHeaderValue(value) : value,
    ]),
  );
  return { ...entry, headers };
}

/** `approved (2026-05-01T10:00:00.000Z)`, `changed since approval (run: …)`, `not approved (run: …)`. */
export function approvalText(name: string, status: ApprovalStatus, record: ApprovalRecord | undefined): string {
  if (status === "approved") return record?.approvedAt ? `approved (${record.approvedAt})` : "approved";
  return notApprovedText(name, status);
}

/** The entry as written: scope, what it runs, approval, and the scopes it overrides. */
async function describe(
  context: McpCommandContext,
  found: CheckedEntry,
  others: readonly CheckedEntry[],
): Promise<string[]> {
  const lines = [`${found.name}:`, `  Scope: ${found.scope} (${found.file})`];
  if (!found.ok) {
    lines.push(`  Entry: ${JSON.stringify(withMaskedHeaders(found.entry))}`, `  Invalid: ${found.error}`);
  } else {
    lines.push(...entryLines(found.config.entry));
    lines.push(...(await oauthLines(context, found.config)));
    const record =
      found.scope === "project" ? await context.approvals.previous(context.projectDir, found.name) : undefined;
    if (found.scope === "project") {
      const status = await context.approvals.status(context.projectDir, found.config);
      lines.push(
        `  Approval: ${approvalText(found.name, status, record)}`,
        `  Fingerprint: ${fingerprint(found.config.entry)}`,
      );
    }
    const sandbox = sandboxLine(found.config.entry, record?.sandboxed === true);
    if (sandbox !== undefined) lines.push(`  Sandbox: ${sandbox}`);
  }
  for (const other of others) lines.push(`  Overrides: ${scopeLabel(other.scope)} (${other.file})`);
  if ((await context.disabled.list(context.projectDir)).has(found.name)) {
    lines.push(`  Disabled: in this project (run: mini-cc mcp enable ${shellQuote(found.name)})`);
  }
  return lines;
}

/** How a stdio server runs when it is said: `default profile (chosen at approval)`, `off (full access)`; undefined when nothing says (full access). */
function sandboxLine(entry: ServerEntry, approvedSandboxed: boolean): string | undefined {
  if (isRemote(entry)) return undefined;
  if (entry.sandbox !== undefined) return sandboxSettingText(entry.sandbox);
  return approvedSandboxed ? "default profile (chosen at approval)" : undefined;
}

/** How a remote server authenticates (oauth-summary.ts: never a token or a secret); none for stdio or no OAuth. */
async function oauthLines(context: McpCommandContext, config: ServerConfig): Promise<string[]> {
  const resolved = expandEntry(config.entry, context.io.env).entry;
  if (!isRemote(resolved)) return [];
  const record = await context.oauth.read(resolved.url).catch(() => ({}));
  return oauthSummary(resolved.oauth, record, context.clock.now()).map(([label, value]) => `  ${label}: ${value}`);
}

/** `  Read-only hints: its read-only tools run without asking: 2 of 3`, by its entry and the user's setting. */
async function readOnlyLine(
  context: McpCommandContext,
  config: ServerConfig,
  tools: readonly McpToolInfo[],
): Promise<string> {
  const trusted = trustsReadOnlyHint(config.entry, (await context.effectiveSettings()).trustReadOnlyHints);
  return `  Read-only hints: ${readOnlyToolsText(readOnlyTools(tools, trusted))}`;
}

/** `    list_issues  (read-only)`: a connected server's tool by its own name. */
function serverToolLine(tool: McpToolInfo): string {
  return `    ${tool.name}${tool.annotations.readOnlyHint === true ? "  (read-only)" : ""}`;
}

/** Connects the server as a session would, closes it again, and says how it stands; status 0 when it connected or waits for approval. */
async function liveStatus(
  context: McpCommandContext,
  config: ServerConfig,
): Promise<{ lines: string[]; status: number }> {
  const expanded = expandEntry(config.entry, context.io.env);
  const manager = context.createManager(await context.managedPolicy());
  try {
    await manager.start([{ ...config, resolved: expanded.entry }]);
    const snapshot = manager.getSnapshot();
    const [row] = await listRows(snapshot, {
      files: new Map([[config.name, config.file]]),
      approvalOf: (view) =>
        view.config ? context.approvals.status(context.projectDir, view.config) : Promise.resolve("new"),
      logOf: (view) => failedServerLog(view, context.logPlaces.logDir),
      sandboxedOf: sandboxedLookup(context),
    });
    const state = snapshot.servers[0]?.state;
    if (!row || !state) throw new MiniCcError("command-failed", `${config.name} did not start`);
    // Said only of a server that ran: an unapproved one's variables were never read.
    if (row.status !== "needs-approval") {
      for (const warning of unsetVariableWarnings(config.file, config.name, expanded.unset)) context.warn(warning);
    }
    const lines = [`  Status: ${statusText(row)}`];
    if (state.status === "connected")
      lines.push(
        ...featureLines(config.name, state, "  "),
        await readOnlyLine(context, config, state.tools),
        ...state.tools.map(serverToolLine),
        ...(state.skippedTools ?? []).map((tool) => `    ${skippedToolText(tool)}`),
      );
    if (row.log !== undefined) lines.push(`  Log: ${tildePath(row.log, context.logPlaces.userHome)}`);
    return { lines, status: isConnected(row) || row.status === "needs-approval" ? 0 : 1 };
  } finally {
    await manager.close();
  }
}

/** `mini-cc mcp get [--no-connect] NAME`. */
export const getCommand: McpSubcommand = {
  name: "get",
  summary: "show one server's entry, approval and live status",
  usage: USAGE,
  options: [
    { long: "no-connect", value: false },
    { long: "strict", value: false },
  ],
  async run(args, context) {
    const name = args.positionals[0];
    if (name === undefined) throw usageError("missing NAME");
    noMorePositionals(args.positionals, 1);
    const { entries, problems } = await readDeclared(context);
    for (const problem of problems) context.warn(problem);
    const [found, ...others] = entries.filter((entry) => entry.name === name);
    if (!found) {
      const searched = WRITABLE_SCOPES.map((scope) => `${scope} (${context.editor.fileOf(scope)})`);
      throw new MiniCcError(
        "command-failed",
        `no server named "${name}" in ${searched.slice(0, -1).join(", ")} or ${searched.at(-1)}`,
      );
    }
    // The entry first: connecting may take until the connect timeout.
    for (const line of await describe(context, found, others)) context.print(line);
    if (found.ok) for (const warning of credentialArgWarnings(found.name, found.config.entry)) context.warn(warning);
    let status = found.ok ? 0 : 1;
    if (found.ok && !args.flags.has("no-connect")) {
      const live = await liveStatus(context, found.config);
      for (const line of live.lines) context.print(line);
      status = live.status;
    }
    context.print();
    context.print(`To remove it: mini-cc mcp remove ${found.name} -s ${found.scope}`);
    return args.flags.has("strict") ? status : 0;
  },
};
