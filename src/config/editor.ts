/**
 * The writers behind `mini-cc mcp add/remove` and the reader behind `mcp get`:
 * one scope file at a time, every write atomic and re-read under a lock, other
 * entries, key order and indentation kept, and a file that is not valid JSON
 * never overwritten.
 */
import { resolve } from "node:path";
import { type JsonReadResult, formatSyntaxProblem, readJsonFile, updateJsonFileAtomic } from "../fs/json-file.ts";
import { DEFAULT_JSON_STYLE, detectJsonStyle, formatJson } from "../fs/json-style.ts";
import { isJsonObject } from "../fs/json-path.ts";
import { validateEntry } from "./schema.ts";
import {
  type ConfigRoots,
  locateServers,
  scopeFilePath,
  serversPath,
  WRITABLE_SCOPES,
  type WritableScope,
} from "./scope-files.ts";
import { isMiniCcError, MiniCcError } from "../errors.ts";

/** One server as a scope file declares it, before validation or expansion. */
export interface DeclaredEntry {
  readonly scope: WritableScope;
  readonly file: string;
  readonly name: string;
  readonly entry: unknown;
}

/** Where a write went. */
export interface WriteOutcome {
  readonly scope: WritableScope;
  readonly file: string;
}

const NAME = /^[A-Za-z0-9_-]+$/;

/** The user and local scopes live in the mini-cc home and are the user's alone; .mcp.json is the team's, written as any project file. */
const homeFile = (scope: WritableScope) => ({ private: scope !== "project" });

/** Adds, removes and lists servers in the local, project and user scope files. */
export class McpConfigEditor {
  readonly #roots: ConfigRoots;
  readonly #projectDir: string;

  constructor(roots: ConfigRoots) {
    this.#roots = roots;
    this.#projectDir = resolve(roots.cwd);
  }

  /** The file a scope writes to. */
  fileOf(scope: WritableScope): string {
    return scopeFilePath(scope, this.#roots);
  }

  /** Writes `entry` (validated, stored as given) under `name`; an existing name needs `force`. */
  async addServer(
    scope: WritableScope,
    name: string,
    entry: unknown,
    options: { force?: boolean } = {},
  ): Promise<WriteOutcome & { replaced: boolean }> {
    if (!NAME.test(name) || name === "__proto__") {
      throw new MiniCcError("invalid-name", `Invalid server name "${name}": use letters, digits, "_" and "-" only.`);
    }
    const path = serversPath(scope, this.#projectDir);
    const valid = validateEntry(entry, [...path, name]);
    if (!valid.ok) throw new MiniCcError("invalid-entry", `Invalid server "${name}": ${valid.error}`);
    const file = this.fileOf(scope);
    const replaced = await updateJsonFileAtomic(
      file,
      (current) => {
        const { doc, style } =
          current.kind === "missing" ? { doc: {}, style: DEFAULT_JSON_STYLE } : this.#parsed(file, current);
        const servers = this.#servers(file, scope, doc, true)!;
        const exists = Object.hasOwn(servers, name);
        if (exists && !options.force) {
          throw new MiniCcError(
            "exists",
            `${file}: ${scope} scope already has a server named "${name}" (use --force to replace it).`,
            { file },
          );
        }
        setOwn(servers, name, entry);
        return { text: formatJson(doc, style), result: exists };
      },
      homeFile(scope),
    );
    return { scope, file, replaced };
  }

  /**
   * Writes several entries to `scope` in one atomic write (an import). A name
   * the scope already has, or an earlier one of them took, gets the first free
   * suffix `_1`, `_2`…: nothing there is replaced. Returns the name each got.
   */
  async addServersRenaming(
    scope: WritableScope,
    servers: readonly { name: string; entry: unknown }[],
  ): Promise<WriteOutcome & { names: string[] }> {
    const path = serversPath(scope, this.#projectDir);
    for (const { name, entry } of servers) {
      if (!NAME.test(name))
        throw new MiniCcError("invalid-name", `Invalid server name "${name}": use letters, digits, "_" and "-" only.`);
      const valid = validateEntry(entry, [...path, name]);
      if (!valid.ok) throw new MiniCcError("invalid-entry", `Invalid server "${name}": ${valid.error}`);
    }
    const file = this.fileOf(scope);
    const names = await updateJsonFileAtomic(
      file,
      (current) => {
        const { doc, style } =
          current.kind === "missing" ? { doc: {}, style: DEFAULT_JSON_STYLE } : this.#parsed(file, current);
        const existing = this.#servers(file, scope, doc, true)!;
        const given = servers.map(({ name, entry }) => {
          let free = name;
          for (let n = 1; Object.hasOwn(existing, free) || free === "__proto__"; n++) free = `${name}_${n}`;
          setOwn(existing, free, entry);
          return free;
        });
        return { text: formatJson(doc, style), result: given };
      },
      homeFile(scope),
    );
    return { scope, file, names };
  }

  /** Removes `name` from `scope`, or from the only scope that has it. */
  async removeServer(name: string, scope?: WritableScope): Promise<WriteOutcome> {
    const target = scope ?? (await this.#onlyScopeWith(name));
    const file = this.fileOf(target);
    await updateJsonFileAtomic(
      file,
      (current) => {
        const notFound = new MiniCcError("not-found", `No server named "${name}" in ${target} scope (${file}).`, {
          file,
        });
        if (current.kind === "missing") throw notFound;
        const { doc, style } = this.#parsed(file, current);
        const servers = this.#servers(file, target, doc, false);
        if (!servers || !Object.hasOwn(servers, name)) throw notFound;
        delete servers[name];
        return { text: formatJson(doc, style), result: undefined };
      },
      homeFile(target),
    );
    return { scope: target, file };
  }

  /** Every server of every scope, as written, in the order local, project, user. */
  async listDeclared(): Promise<{ entries: DeclaredEntry[]; problems: string[] }> {
    const entries: DeclaredEntry[] = [];
    const problems: string[] = [];
    for (const scope of WRITABLE_SCOPES) {
      const file = this.fileOf(scope);
      try {
        const read = await readJsonFile(file);
        if (read.kind === "missing") continue;
        const servers = this.#servers(file, scope, this.#parsed(file, read).doc, false) ?? {};
        for (const [name, entry] of Object.entries(servers)) entries.push({ scope, file, name, entry });
      } catch (error) {
        if (!isMiniCcError(error)) throw error;
        problems.push(error.message);
      }
    }
    return { entries, problems };
  }

  async #onlyScopeWith(name: string): Promise<WritableScope> {
    const found: WritableScope[] = [];
    for (const scope of WRITABLE_SCOPES) {
      const file = this.fileOf(scope);
      const read = await readJsonFile(file);
      if (read.kind === "missing") continue;
      const servers = this.#servers(file, scope, this.#parsed(file, read).doc, false);
      if (servers && Object.hasOwn(servers, name)) found.push(scope);
    }
    if (found.length === 1) return found[0]!;
    if (found.length === 0)
      throw new MiniCcError("not-found", `No server named "${name}" in local, project or user scope.`);
    const where = found.map((scope) => `${scope} (${this.fileOf(scope)})`).join(", ");
    throw new MiniCcError(
      "ambiguous",
      `"${name}" is declared in several scopes: ${where}; choose one with -s ${found.join("|")}`,
    );
  }

  // A file we cannot parse is reported, never replaced.
  #parsed(
    file: string,
    read: Exclude<JsonReadResult, { kind: "missing" }>,
  ): { doc: unknown; style: ReturnType<typeof detectJsonStyle> } {
    if (read.kind === "unreadable")
      throw new MiniCcError("unreadable", `${file}: cannot read (${read.message})`, { file });
    if (read.kind === "invalid") throw new MiniCcError("invalid-json", formatSyntaxProblem(file, read), { file });
    return { doc: read.value, style: detectJsonStyle(read.text) };
  }

  /** The scope's `mcpServers` object inside `doc`, created (when `create`) if absent. */
  #servers(file: string, scope: WritableScope, doc: unknown, create: boolean): Record<string, unknown> | undefined {
    const located = locateServers(doc, scope, this.#projectDir);
    if (!located.ok) throw new MiniCcError("invalid-shape", `${file}: ${located.error}`, { file });
    if (located.servers || !create) return located.servers;
    let current = doc as Record<string, unknown>;
    for (const key of located.path) {
      if (!isJsonObject(current[key])) setOwn(current, key, {});
      current = current[key] as Record<string, unknown>;
    }
    return current;
  }
}

// defineProperty, not assignment: a key like "__proto__" must stay a plain key.
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
