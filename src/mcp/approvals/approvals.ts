/**
 * The approvals file, `<home>/mcp-approvals.json`:
 * `{projectDir: {serverName: {fingerprint, approvedAt, entry}}}` (a plain
 * fingerprint string, the older form, is read too). Writes merge with what is
 * on disk under a lock, so two sessions never lose each other's entries. A
 * corrupt file is moved aside with a warning, never silently overwritten.
 */
import { access, rename } from "node:fs/promises";
import { resolve } from "node:path";
import type { Clock } from "../../clock.ts";
import type { ServerConfig, ServerEntry } from "../../config/types.ts";
import { type JsonReadResult, formatSyntaxProblem, readJsonFile, updateJsonFileAtomic } from "../../fs/json-file.ts";
import { formatJson } from "../../fs/json-style.ts";
import type { ApprovalMode, ApprovalRecords, ApprovalStatus, PreviousApproval } from "./approval-types.ts";
import { fingerprint } from "./fingerprint.ts";

/** Approvals are the user's alone: the file 0600 in a 0700 home. */
const PRIVATE = { private: true } as const;
import { MiniCcError } from "../../errors.ts";

/** One remembered approval; the older string form has only a fingerprint. */
export interface ApprovalRecord extends PreviousApproval {
  readonly approvedAt?: string;
}

/** The file, clock and warning sink an ApprovalsFile works with. */
export interface ApprovalsFileOptions {
  /** Usually `HomePaths.approvals`. */
  readonly file: string;
  /** Stamps approvals and names a corrupt file's backup. */
  readonly clock: Clock;
  /** Told when a corrupt file is moved aside. */
  readonly warn: (message: string) => void;
}

type Doc = Record<string, Record<string, unknown>>;

/** Project-server approvals, bound to each entry's fingerprint. A file, not a Store: nothing subscribes to it. */
export class ApprovalsFile implements ApprovalRecords {
  readonly #options: ApprovalsFileOptions;

  constructor(options: ApprovalsFileOptions) {
    this.#options = options;
  }

  /** approved: fingerprint matches; changed: approved before with another fingerprint; new: never approved. */
  async status(projectDir: string, server: ServerConfig): Promise<ApprovalStatus> {
    const record = await this.previous(projectDir, server.name);
    if (!record) return "new";
    return record.fingerprint === fingerprint(server.entry) ? "approved" : "changed";
  }

  /** The stored approval of a server in a project, whatever its fingerprint. */
  async previous(projectDir: string, name: string): Promise<ApprovalRecord | undefined> {
    const doc = await this.#read();
    return toRecord(own(own(doc, resolve(projectDir)), name));
  }

  /** Remembers the server's current fingerprint, entry and how it runs, merged with what is on disk. */
  async approve(projectDir: string, server: ServerConfig, mode?: ApprovalMode): Promise<void> {
    const record = {
      fingerprint: fingerprint(server.entry),
      approvedAt: new Date(this.#options.clock.now()).toISOString(),
      entry: server.entry,
      ...(mode?.sandboxed ? { sandboxed: true } : {}),
    };
    await updateJsonFileAtomic(this.#options.file, async (current) => {
      const doc = await this.#docOrQuarantine(current);
      const key = resolve(projectDir);
      if (!own(doc, key)) setOwn(doc, key, {});
      setOwn(doc[key]!, server.name, record);
      return { text: formatJson(doc), result: undefined };
    }, PRIVATE);
  }

  /** Forgets the named servers' approvals in a project (all of them without names); returns the names forgotten. */
  async forget(projectDir: string, names?: readonly string[]): Promise<string[]> {
    return updateJsonFileAtomic(this.#options.file, async (current) => {
      const doc = await this.#docOrQuarantine(current);
      const key = resolve(projectDir);
      const project = own(doc, key) as Record<string, unknown> | undefined;
      if (!project) return { text: null, result: [] };
      const forgotten = Object.keys(project).filter((name) => !names || names.includes(name));
      for (const name of forgotten) delete project[name];
      if (Object.keys(project).length === 0) delete doc[key];
      return { text: forgotten.length > 0 ? formatJson(doc) : null, result: forgotten };
    }, PRIVATE);
  }

  async #read(): Promise<Doc> {
    const current = await readJsonFile(this.#options.file);
    if (shapeProblem(this.#options.file, current) === undefined) return current.kind === "ok" ? (current.value as Doc) : {};
    // Re-check under the lock: another session may have repaired it meanwhile.
    return updateJsonFileAtomic(this.#options.file, async (again) => ({ text: null, result: await this.#docOrQuarantine(again) }), PRIVATE);
  }

  /** The parsed file, or {} after moving a corrupt one aside. Call only under the file's lock. */
  async #docOrQuarantine(current: JsonReadResult): Promise<Doc> {
    const problem = shapeProblem(this.#options.file, current);
    if (problem === undefined) return current.kind === "ok" ? (current.value as Doc) : {};
    if (current.kind === "unreadable") throw new MiniCcError("approvals-unreadable", problem, { file: this.#options.file });
    const backup = await this.#backupName();
    await rename(this.#options.file, backup);
    this.#options.warn(`${problem}; moved it to ${backup} and starting with no approvals.`);
    return {};
  }

  // `mcp-approvals.json.corrupt-<ISO time>`, ":" written as "-" so the name is valid on every file system.
  async #backupName(): Promise<string> {
    const base = `${this.#options.file}.corrupt-${new Date(this.#options.clock.now()).toISOString().replace(/:/g, "-")}`;
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? base : `${base}-${n}`;
      try {
        await access(candidate);
      } catch {
        return candidate;
      }
    }
  }
}

/** Why the file cannot be used as it is; undefined when it can (or is missing). */
function shapeProblem(file: string, current: JsonReadResult): string | undefined {
  if (current.kind === "missing") return undefined;
  if (current.kind === "unreadable") return `${file}: cannot read (${current.message})`;
  if (current.kind === "invalid") return formatSyntaxProblem(file, current);
  if (!isObject(current.value)) return `${file}: expected an object of project folders`;
  for (const [project, servers] of Object.entries(current.value)) {
    if (!isObject(servers)) return `${file}: ${JSON.stringify(project)}: expected an object of servers`;
  }
  return undefined;
}

function toRecord(value: unknown): ApprovalRecord | undefined {
  if (typeof value === "string") return { fingerprint: value };
  if (!isObject(value) || typeof value.fingerprint !== "string") return undefined;
  const record: { fingerprint: string; approvedAt?: string; entry?: ServerEntry; sandboxed?: boolean } = { fingerprint: value.fingerprint };
  if (typeof value.approvedAt === "string") record.approvedAt = value.approvedAt;
  if (value.sandboxed === true) record.sandboxed = true;
  if (isObject(value.entry)) record.entry = value.entry as unknown as ServerEntry;
  return record;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Own properties only: a server named "__proto__" or "constructor" is just a name.
function own(target: unknown, key: string): unknown {
  return isObject(target) && Object.hasOwn(target, key) ? target[key] : undefined;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
