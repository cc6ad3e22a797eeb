/**
 * Managed policy's word on one MCP server, from any scope or --mcp-config:
 * `deniedMcpServers` first (by name, command or URL), then the allowlist
 * (`allowedMcpServers`, or with `allowManagedMcpServersOnly` only the servers
 * of managed-mcp.json). Names and URLs take `*` wildcards, as Claude Code's;
 * a command matches as the exact command and arguments.
 */
import { isRemote, type ServerConfig, type ServerEntry } from "../config/types.ts";
import type { ManagedPolicy, ServerMatch } from "./managed-policy.ts";

/** Why the policy refuses the server ("blocked by policy: …"), or undefined when it may start. */
export type ServerPolicy = (server: {
  name: string;
  source: string;
  entry?: ServerEntry;
  resolved?: ServerEntry;
}) => string | undefined;

export function serverPolicy(policy: ManagedPolicy): ServerPolicy | undefined {
  const { failedClosed, deniedMcpServers, allowedMcpServers, allowManagedMcpServersOnly } = policy;
  if (
    failedClosed === undefined &&
    deniedMcpServers.length === 0 &&
    allowedMcpServers === undefined &&
    !allowManagedMcpServersOnly
  )
    return undefined;
  return (server) => {
    if (failedClosed !== undefined) return `blocked by policy: ${failedClosed}`;
    const entry = server.resolved ?? server.entry;
    if (deniedMcpServers.some((match) => covers(match, server.name, entry)))
      return "blocked by policy (deniedMcpServers)";
    if (server.source === "managed") return undefined;
    const allowed = allowedMcpServers ?? [];
    if (allowedMcpServers === undefined && !allowManagedMcpServersOnly) return undefined;
    if (allowed.some((match) => covers(match, server.name, entry))) return undefined;
    return allowManagedMcpServersOnly && allowedMcpServers === undefined
      ? "blocked by policy (allowManagedMcpServersOnly: only managed-mcp.json's servers start)"
      : "blocked by policy (not in allowedMcpServers)";
  };
}

/** The policy's refusal of a server about to be written (`mcp add`), or undefined. */
export function refusalOf(
  policy: ServerPolicy | undefined,
  server: Pick<ServerConfig, "name" | "entry">,
): string | undefined {
  return policy?.({ name: server.name, source: "user", entry: server.entry });
}

function covers(match: ServerMatch, name: string, entry: ServerEntry | undefined): boolean {
  if ("serverName" in match) return wildcard(match.serverName).test(name);
  if (!entry) return false;
  if ("serverUrl" in match) return isRemote(entry) && wildcard(match.serverUrl).test(entry.url);
  if (isRemote(entry)) return false;
  const command = [entry.command, ...(entry.args ?? [])];
  return command.length === match.serverCommand.length && command.every((part, i) => part === match.serverCommand[i]);
}

function wildcard(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
}

/** McpManager's `serverPolicy` option for this policy (nothing when it refuses nothing). */
export function managedServerPolicy(policy: ManagedPolicy): { serverPolicy?: ServerPolicy } {
  const check = serverPolicy(policy);
  return check ? { serverPolicy: check } : {};
}
