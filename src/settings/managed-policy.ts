/**
 * An organisation's managed policy, read where Claude Code reads it
 * (`/etc/claude-code/` on Linux, `/Library/Application Support/ClaudeCode/`
 * on macOS, `MINI_CC_MANAGED_DIR` instead when set): `managed-settings.json`
 * (a settings file that wins over every other, plus the server lists and
 * `allowManagedMcpServersOnly` / `allowManagedHooksOnly`) and
 * `managed-mcp.json` (servers that start without asking). A policy file that
 * exists but cannot be read fails closed: no server starts and no hook runs, and the reason is shown.
 */
import { join } from "node:path";
import type { Env } from "../env.ts";
import { readJsonFile, formatSyntaxProblem } from "../fs/json-file.ts";
import { describeJsonType, formatJsonPath, isJsonObject } from "../fs/json-path.ts";
import { parseSettings, type SettingsFile } from "./settings-file.ts";

/** One entry of `allowedMcpServers` / `deniedMcpServers`. */
export type ServerMatch = { serverName: string } | { serverCommand: readonly string[] } | { serverUrl: string };

export interface ManagedPolicy {
  readonly dir: string;
  /** managed-settings.json as a settings file (kind "managed"), when present and readable. */
  readonly settings?: SettingsFile;
  /** undefined: no allowlist (every server not denied may start). */
  readonly allowedMcpServers?: readonly ServerMatch[];
  readonly deniedMcpServers: readonly ServerMatch[];
  readonly allowManagedMcpServersOnly: boolean;
  /** managed-mcp.json's path (read as a server scope by the config loader). */
  readonly mcpFile: string;
  /** Set when a policy file exists but cannot be read: every server is refused with this reason. */
  readonly failedClosed?: string;
  readonly problems: readonly string[];
}

/** The folder the policy is read from. */
export function managedDir(env: Env, platform: NodeJS.Platform = process.platform): string {
  const override = env["MINI_CC_MANAGED_DIR"];
  if (override) return override;
  return platform === "darwin" ? "/Library/Application Support/ClaudeCode" : "/etc/claude-code";
}

export async function loadManagedPolicy(dir: string): Promise<ManagedPolicy> {
  const path = join(dir, "managed-settings.json");
  const mcpFile = join(dir, "managed-mcp.json");
  const base = { dir, deniedMcpServers: [], allowManagedMcpServersOnly: false, mcpFile, problems: [] };
  const [read, mcp] = await Promise.all([readJsonFile(path), readJsonFile(mcpFile)]);
  const mcpBroken =
    mcp.kind === "unreadable"
      ? `${mcpFile}: cannot read (${mcp.message})`
      : mcp.kind === "invalid"
        ? formatSyntaxProblem(mcpFile, mcp)
        : undefined;
  // Failing closed: no server starts, and no hook but the policy's own (it has none it could read) runs.
  const closed = (why: string): ManagedPolicy => ({
    ...base,
    settings: { ...parseSettings("managed", path, {}), allowManagedHooksOnly: true },
    failedClosed: `managed policy unreadable: ${why}`,
    problems: [`${why}; no MCP server starts and no hook runs until it is fixed`],
  });
  if (read.kind === "unreadable") return closed(`${path}: cannot read (${read.message})`);
  if (read.kind === "invalid") return closed(formatSyntaxProblem(path, read));
  if (mcpBroken) return closed(mcpBroken);
  if (read.kind === "missing") return base;
  const settings = parseSettings("managed", path, read.value);
  const problems: string[] = [...settings.problems];
  const doc = isJsonObject(read.value) ? read.value : {};
  const lists = {
    allowedMcpServers: serverMatches(doc, "allowedMcpServers", path, problems),
    deniedMcpServers: serverMatches(doc, "deniedMcpServers", path, problems),
  };
  // A list with a bad entry is not half applied: the policy then fails closed.
  if (problems.length > settings.problems.length) return { ...closed(`${path} has invalid server lists`), problems };
  return {
    ...base,
    settings,
    ...(lists.allowedMcpServers ? { allowedMcpServers: lists.allowedMcpServers } : {}),
    deniedMcpServers: lists.deniedMcpServers ?? [],
    allowManagedMcpServersOnly: doc["allowManagedMcpServersOnly"] === true,
    problems,
  };
}

function serverMatches(
  doc: Record<string, unknown>,
  field: string,
  path: string,
  problems: string[],
): ServerMatch[] | undefined {
  const value = doc[field];
  if (value === undefined) return undefined;
  const problem = (at: PropertyKey[], text: string) =>
    problems.push(`${path}: ${formatJsonPath([field, ...at])}: ${text}`);
  if (!Array.isArray(value)) {
    problem([], `expected an array, got ${describeJsonType(value)}`);
    return [];
  }
  return value.flatMap((item, i): ServerMatch[] => {
    if (isJsonObject(item) && typeof item["serverName"] === "string") return [{ serverName: item["serverName"] }];
    if (isJsonObject(item) && typeof item["serverUrl"] === "string") return [{ serverUrl: item["serverUrl"] }];
    const command = isJsonObject(item) ? item["serverCommand"] : undefined;
    if (Array.isArray(command) && command.length > 0 && command.every((part) => typeof part === "string"))
      return [{ serverCommand: command as string[] }];
    problem([i], "expected {serverName}, {serverCommand: [command, ...args]} or {serverUrl}");
    return [];
  });
}
