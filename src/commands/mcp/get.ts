/**
 * `mini-cc mcp get NAME`: the entry that wins for NAME, as written, with its
 * scope and file, and for a project server whether it is approved and the
 * fingerprint an approval is bound to. Starts nothing.
 */
import { WRITABLE_SCOPES } from "../../config/scope-files.ts";
import { isRemote, type ServerEntry } from "../../config/types.ts";
import type { ApprovalRecord } from "../../mcp/approvals.ts";
import type { ApprovalStatus } from "../../mcp/approval-types.ts";
import { fingerprint } from "../../mcp/fingerprint.ts";
import { commandLine } from "../../mcp/transports.ts";
import { noMorePositionals, UsageError } from "./arg-parser.ts";
import { CommandFailure, scopeLabel, type CommandContext, type McpSubcommand } from "./command.ts";
import { readDeclared, type CheckedEntry } from "./declared-servers.ts";

const USAGE = `Usage: mini-cc mcp get NAME

Shows the server NAME as its config file declares it (local over project
over user when several scopes declare it): scope, file, type, command and
args or URL, env, headers; for a project server, its approval state and
fingerprint. Exit status 1 when no scope declares NAME or its entry is invalid.

Options:
  -h, --help   show this help`;

/** The lines `mcp get` prints for an entry as written. */
export function entryLines(entry: ServerEntry): string[] {
  const lines = [`  Type: ${entry.type ?? "stdio"}`];
  const map = (title: string, values: Record<string, string> | undefined, join: string) => {
    if (!values || Object.keys(values).length === 0) return;
    lines.push(`  ${title}:`, ...Object.entries(values).map(([key, value]) => `    ${key}${join}${value}`));
  };
  if (isRemote(entry)) {
    lines.push(`  URL: ${entry.url}`);
    map("Headers", entry.headers, ": ");
  } else {
    lines.push(`  Command: ${commandLine({ command: entry.command })}`);
    if (entry.args && entry.args.length > 0) {
      const [first, ...rest] = entry.args;
      lines.push(`  Args: ${commandLine({ command: first!, args: rest })}`);
    }
    map("Env", entry.env, "=");
  }
  if (entry.timeout !== undefined) lines.push(`  Timeout: ${entry.timeout} ms`);
  return lines;
}

/** `approved (2026-05-01T10:00:00.000Z)`, `changed since approval (run: …)`, `not approved (run: …)`. */
export function approvalText(name: string, status: ApprovalStatus, record: ApprovalRecord | undefined): string {
  if (status === "approved") return record?.approvedAt ? `approved (${record.approvedAt})` : "approved";
  const what = status === "changed" ? "changed since approval" : "not approved";
  return `${what} (run: mini-cc mcp approve ${name})`;
}

async function describe(context: CommandContext, found: CheckedEntry, others: readonly CheckedEntry[]): Promise<string[]> {
  const lines = [`${found.name}:`, `  Scope: ${found.scope} (${found.file})`];
  if (!found.ok) {
    lines.push(`  Entry: ${JSON.stringify(found.entry)}`, `  Invalid: ${found.error}`);
  } else {
    lines.push(...entryLines(found.config.entry));
    if (found.scope === "project") {
      const status = await context.approvals.status(context.projectDir, found.config);
      const record = await context.approvals.previous(context.projectDir, found.name);
      lines.push(`  Approval: ${approvalText(found.name, status, record)}`, `  Fingerprint: ${fingerprint(found.config.entry)}`);
    }
  }
  for (const other of others) lines.push(`  Overrides: ${scopeLabel(other.scope)} (${other.file})`);
  lines.push("", `To remove it: mini-cc mcp remove ${found.name} -s ${found.scope}`);
  return lines;
}

/** `mini-cc mcp get NAME`. */
export const getCommand: McpSubcommand = {
  name: "get",
  summary: "show one server's entry, scope and approval",
  usage: USAGE,
  options: [],
  async run(args, context) {
    const name = args.positionals[0];
    if (name === undefined) throw new UsageError("missing NAME");
    noMorePositionals(args.positionals, 1);
    const { entries, problems } = await readDeclared(context);
    for (const problem of problems) context.warn(problem);
    const [found, ...others] = entries.filter((entry) => entry.name === name);
    if (!found) {
      const searched = WRITABLE_SCOPES.map((scope) => `${scope} (${context.editor.fileOf(scope)})`);
      throw new CommandFailure(`no server named "${name}" in ${searched.slice(0, -1).join(", ")} or ${searched.at(-1)}`);
    }
    for (const line of await describe(context, found, others)) context.print(line);
    return found.ok ? 0 : 1;
  },
};
