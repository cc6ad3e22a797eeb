/**
 * Reads every scope's servers into one list: user, then project, then local,
 * then each --mcp-config (later wins on the same name). Bad input never
 * throws: a broken file becomes a problem, a broken entry an InvalidServer,
 * and everything else still loads.
 */
import { resolve } from "node:path";
import type { HomePaths } from "../home.ts";
import { formatSyntaxProblem, readJsonFile } from "../fs/json-file.ts";
import { expandEntry, unsetVariableWarnings } from "./expand.ts";
import type { Env } from "../env.ts";
import { parseMcpConfigArg } from "./mcp-config-arg.ts";
import { validateEntry } from "./schema.ts";
import { locateServers, scopeFilePath, serversPath, type WritableScope } from "./scope-files.ts";
import type { DeclaredServer, ServerSource } from "./types.ts";
import { isMiniCcError } from "../errors.ts";

/** What loadMcpConfig reads. */
export interface LoadOptions {
  readonly cwd: string;
  readonly home: HomePaths;
  /** For ${VAR} expansion. */
  readonly env: Env;
  /** The --mcp-config values, each a file path or inline JSON. */
  readonly extra?: readonly string[];
  /** --strict-mcp-config: only the --mcp-config servers. */
  readonly strict?: boolean;
  /** Managed policy's managed-mcp.json: its servers come last (they win on a name) and need no approval. */
  readonly managedFile?: string;
}

/** Every declared server (one per name, the winning scope's), plus what went wrong on the way. */
export interface LoadedConfig {
  readonly servers: DeclaredServer[];
  /** Non-fatal: e.g. a variable that expanded to "". */
  readonly warnings: string[];
  /** A file that could not be read at all: its servers are missing. */
  readonly problems: string[];
}

interface RawDeclaration {
  name: string;
  source: ServerSource;
  file: string;
  raw: unknown;
  path: string[];
}

const FILE_SCOPES: readonly WritableScope[] = ["user", "project", "local"];

/** Loads, validates, merges by precedence and expands the declared servers. */
export async function loadMcpConfig(options: LoadOptions): Promise<LoadedConfig> {
  const projectDir = resolve(options.cwd);
  const problems: string[] = [];
  const declarations = new Map<string, RawDeclaration>();
  const shadowed = new Map<string, ServerSource[]>();
  const declare = (source: ServerSource, file: string, servers: Record<string, unknown>, path: string[]): void => {
    for (const [name, raw] of Object.entries(servers)) {
      const lower = declarations.get(name);
      if (lower && lower.source !== source) shadowed.set(name, [...(shadowed.get(name) ?? []), lower.source]);
      declarations.delete(name); // The winner takes its own place in the order.
      declarations.set(name, { name, source, file, raw, path: [...path, name] });
    }
  };

  const scopes = options.strict ? [] : FILE_SCOPES;
  const reads = await Promise.all(scopes.map((scope) => readScope(scope, options, projectDir)));
  for (const [i, read] of reads.entries()) {
    if (read.problem) problems.push(read.problem);
    if (read.servers) declare(scopes[i]!, read.file, read.servers, serversPath(scopes[i]!, projectDir));
  }
  for (const arg of options.extra ?? []) {
    try {
      const parsed = await parseMcpConfigArg(arg, options.cwd);
      declare("flag", parsed.file, parsed.servers, ["mcpServers"]);
    } catch (error) {
      if (!isMiniCcError(error)) throw error;
      problems.push(error.message);
    }
  }

  if (options.managedFile) {
    const read = await readManaged(options.managedFile);
    if (read.problem) problems.push(read.problem);
    if (read.servers) declare("managed", options.managedFile, read.servers, ["mcpServers"]);
  }

  const warnings: string[] = [];
  const servers = [...declarations.values()].map((declared): DeclaredServer => {
    const { name, source, file } = declared;
    const shadows = shadowed.get(name);
    const hides = shadows ? { shadows } : {};
    const valid = validateEntry(declared.raw, declared.path);
    if (!valid.ok) return { name, source, file, error: valid.error, ...hides };
    const expanded = expandEntry(valid.entry, options.env);
    warnings.push(...unsetVariableWarnings(file, name, expanded.unset));
    return { name, source, file, entry: valid.entry, resolved: expanded.entry, ...hides };
  });
  return { servers, warnings, problems };
}

async function readScope(
  scope: WritableScope,
  roots: { cwd: string; home: HomePaths },
  projectDir: string,
): Promise<{ file: string; servers?: Record<string, unknown>; problem?: string }> {
  const file = scopeFilePath(scope, roots);
  const read = await readJsonFile(file);
  if (read.kind === "missing") return { file };
  if (read.kind === "unreadable") return { file, problem: `${file}: cannot read (${read.message})` };
  if (read.kind === "invalid") return { file, problem: formatSyntaxProblem(file, read) };
  const located = locateServers(read.value, scope, projectDir);
  if (!located.ok) return { file, problem: `${file}: ${located.error}` };
  return located.servers ? { file, servers: located.servers } : { file };
}

/** managed-mcp.json, in .mcp.json's format; absent is fine. */
async function readManaged(file: string): Promise<{ servers?: Record<string, unknown>; problem?: string }> {
  const read = await readJsonFile(file);
  if (read.kind === "missing") return {};
  if (read.kind === "unreadable") return { problem: `${file}: cannot read (${read.message})` };
  if (read.kind === "invalid") return { problem: formatSyntaxProblem(file, read) };
  const located = locateServers(read.value, "flag", "");
  if (!located.ok) return { problem: `${file}: ${located.error}` };
  return located.servers ? { servers: located.servers } : {};
}
