/**
 * One way to describe an MCP server in text, for every place that shows one
 * (`mini-cc mcp list/get`, /mcp, the approval modal, print-mode notes, the
 * server log): what it runs, how to approve it.
 * Entries are shown as written, before ${VAR} expansion, so no secret
 * reaches the screen.
 */
import { isRemote, type ServerEntry, type StdioEntry } from "./types.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";
import { SANDBOX_FIELDS, type SandboxSetting } from "./sandbox-field.ts";

const PLAIN_ARG = /^[A-Za-z0-9_\-./:=@%+,${}~]+$/;

/** Quotes an argument the way a shell user would write it, only when needed. */
export function shellQuote(arg: string): string {
  if (PLAIN_ARG.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command line as a user would type it: `node server.ts --root 'My Docs'`. */
export function commandLine(entry: Pick<StdioEntry, "command" | "args">): string {
  return [entry.command, ...(entry.args ?? [])].map(shellQuote).join(" ");
}

/**
 * A header value as `mcp add` and `mcp get` show it: the scheme word kept,
 * the secret masked (`Bearer ****`, `****`). A value that is only a `${VAR}`
 * reference holds no secret and is shown as written (`Bearer ${TOKEN}`).
 */
export function maskedHeaderValue(value: string): string {
  const reference = /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/;
  // A scheme is a plain word (Bearer, Basic, Token); a token with dashes, or one a line break follows, is the secret itself.
  const match = /^([A-Za-z]{1,20})[ \t]+(\S.*)$/s.exec(value.trim());
  const [scheme, secret] = match ? [`${match[1]} `, match[2]!] : ["", value.trim()];
  if (secret === "") return "";
  return `${scheme}${reference.test(secret) ? secret : "****"}`;
}

/** What an entry will run, for the approval modal: the command line or URL, then env / header lines, each safe to print (a config is untrusted). */
export function launchLines(entry: ServerEntry): string[] {
  return entryLines(entry).map(terminalSafeLine);
}

/** One line for what an entry runs: its command line, or `http https://…`. */
export function describeEntryBriefly(entry: ServerEntry): string {
  return entryLines(entry)[0]!;
}

function entryLines(entry: ServerEntry): string[] {
  if (isRemote(entry)) {
    const headers = Object.keys(entry.headers ?? {});
    return [`${entry.type} ${entry.url}`, ...(headers.length > 0 ? [`headers: ${headers.join(", ")}`] : [])];
  }
  const env = Object.entries(entry.env ?? {}).map(([key, value]) => `${key}=${shellQuote(value)}`);
  const sandbox = entry.sandbox === undefined ? [] : [`sandbox: ${sandboxSettingText(entry.sandbox)}`];
  return [commandLine(entry), ...(env.length > 0 ? [`env: ${env.join(" ")}`] : []), ...sandbox];
}

/** `"sandbox"` in words: `off (full access)`, `default profile`, `default profile + write: out, hosts: api.github.com`. */
export function sandboxSettingText(setting: SandboxSetting): string {
  if (setting === false) return "off (full access)";
  if (setting === true) return "default profile";
  const labels: Record<(typeof SANDBOX_FIELDS)[number], string> = {
    allowWrite: "write",
    denyRead: "no read",
    allowRead: "read",
    allowedDomains: "hosts",
    env: "env",
  };
  const parts = SANDBOX_FIELDS.flatMap((field) =>
    setting[field]?.length ? [`${labels[field]}: ${setting[field].join(", ")}`] : [],
  );
  return parts.length === 0 ? "default profile" : `default profile + ${parts.join("; ")}`;
}

/** The command that approves project server `name`. */
export function approveCommand(name: string): string {
  return `mini-cc mcp approve ${shellQuote(name)}`;
}

/** `not approved (run: mini-cc mcp approve NAME)`, `changed since approval (run: …)`: a project server that may not start yet. */
export function notApprovedText(name: string, status: "changed" | "new"): string {
  const what = status === "changed" ? "changed since approval" : "not approved";
  return `${what} (run: ${approveCommand(name)})`;
}

/** `deep  (skipped: input schema nested deeper than 64 levels)`: a listed tool the model is not offered, and why. */
export function skippedToolText(tool: { readonly name: string; readonly reason: string }): string {
  return `${tool.name}  (skipped: ${tool.reason})`;
}

/** The first line of a reason or message (servers' errors can carry stack traces). */
export function firstLine(text: string): string {
  return text.split("\n", 1)[0] ?? "";
}
