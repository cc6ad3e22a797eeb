/**
 * Where each scope's servers live: user `<home>/mcp.json` and project
 * `<cwd>/.mcp.json` hold `{mcpServers}`; local `<home>/local-mcp.json` holds
 * `{projectDir: {mcpServers}}`. Shared by the loader and the writers.
 */
import { join, resolve } from "node:path";
import type { HomePaths } from "../home.ts";
import { describeJsonType, formatJsonPath, isJsonObject } from "../fs/json-path.ts";

/** The scopes `mini-cc mcp add/remove` can write. */
export type WritableScope = "local" | "project" | "user";

export const WRITABLE_SCOPES: readonly WritableScope[] = ["local", "project", "user"];

/** Where the config files are: the project directory and the mini-cc home. */
export interface ConfigRoots {
  readonly cwd: string;
  readonly home: HomePaths;
}

/** The file a scope is stored in. */
export function scopeFilePath(scope: WritableScope, roots: ConfigRoots): string {
  if (scope === "project") return join(resolve(roots.cwd), ".mcp.json");
  return scope === "user" ? roots.home.userConfig : roots.home.localConfig;
}

/** JSON path of the `mcpServers` object inside a scope's file. */
export function serversPath(scope: WritableScope | "flag", projectDir: string): string[] {
  return scope === "local" ? [projectDir, "mcpServers"] : ["mcpServers"];
}

export type LocatedServers =
  | { ok: true; servers: Record<string, unknown> | undefined; path: string[] }
  | { ok: false; error: string };

/** Finds the `mcpServers` object in a parsed file; `servers` is undefined when the file declares none. */
export function locateServers(doc: unknown, scope: WritableScope | "flag", projectDir: string): LocatedServers {
  const path = serversPath(scope, projectDir);
  if (!isJsonObject(doc))
    return { ok: false, error: `expected a JSON object at the top level, got ${describeJsonType(doc)}` };
  let current: unknown = doc;
  for (let i = 0; i < path.length; i++) {
    const next: unknown = (current as Record<string, unknown>)[path[i]!];
    if (next === undefined) return { ok: true, servers: undefined, path };
    if (!isJsonObject(next)) {
      return {
        ok: false,
        error: `${formatJsonPath(path.slice(0, i + 1))}: expected object, got ${describeJsonType(next)}`,
      };
    }
    current = next;
  }
  return { ok: true, servers: current as Record<string, unknown>, path };
}
