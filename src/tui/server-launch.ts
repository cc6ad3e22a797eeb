/**
 * What a server entry will run, in words for the approval modal:
 * `node examples/mcp_tracker_server.ts`, or `http https://…`. Shows the
 * entry as written, before ${VAR} expansion, so no secret reaches the screen,
 * and with control characters shown escaped (a config is untrusted).
 */
import type { ServerEntry } from "../config/types.ts";
import { isRemote } from "../config/types.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";

const PLAIN_ARG = /^[A-Za-z0-9_\-./:=@%+,${}~]+$/;

/** Quotes an argument the way a shell user would write it, only when needed. */
export function shellQuote(arg: string): string {
  if (PLAIN_ARG.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command line or URL, then env / header lines, each safe to print. */
export function launchLines(entry: ServerEntry): string[] {
  return entryLines(entry).map(terminalSafeLine);
}

function entryLines(entry: ServerEntry): string[] {
  if (isRemote(entry)) {
    const headers = Object.keys(entry.headers ?? {});
    return [`${entry.type} ${entry.url}`, ...(headers.length > 0 ? [`headers: ${headers.join(", ")}`] : [])];
  }
  const command = [entry.command, ...(entry.args ?? [])].map(shellQuote).join(" ");
  const env = Object.entries(entry.env ?? {}).map(([key, value]) => `${key}=${shellQuote(value)}`);
  return [command, ...(env.length > 0 ? [`env: ${env.join(" ")}`] : [])];
}
