/**
 * The approvals file, `<home>/mcp-approvals.json`:
 * `{projectDir: {serverName: {fingerprint, approvedAt, entry}}}` (a plain
 * fingerprint string, the older form, is read too). Writes merge with what is
 * on disk under a lock, so two sessions never lose each other's entries. A
 * corrupt file is moved aside with a warning (src/fs/home-json-file.ts).
 */
import { resolve } from "node:path";
import type { Clock } from "../../clock.ts";
import type { ServerConfig, ServerEntry } from "../../config/types.ts";
import { HomeJsonFile } from "../../fs/home-json-file.ts";
import { isJsonObject as isObject } from "../../fs/json-path.ts";
import type {
  ApprovalMode,
  ApprovalRecords,
  ApprovalStatus,
  ApprovedServer,
  PreviousApproval,
} from "./approval-types.ts";
import { fingerprint } from "./fingerprint.ts";

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
  /**
   * Whether a trusted settings file enables the project server
   * (`enabledMcpjsonServers`, `enableAllProjectMcpServers`): then it reads as
   * approved whatever this file holds. Asked at each status, so settings
   * approved during a session count at once (src/settings/settings-servers.ts).
   */
  readonly enabledBySettings?: (name: string) => boolean | Promise<boolean>;
}

type Doc = Record<string, Record<string, unknown>>;

/** Project-server approvals, bound to each entry's fingerprint. A file, not a Store: nothing subscribes to it. */
export class ApprovalsFile implements ApprovalRecords {
  readonly #clock: Clock;
  readonly #file: HomeJsonFile<Doc>;
  readonly #enabledBySettings: ApprovalsFileOptions["enabledBySettings"];

  constructor(options: ApprovalsFileOptions) {
    this.#clock = options.clock;
    this.#enabledBySettings = options.enabledBySettings;
    this.#file = new HomeJsonFile<Doc>({
      ...options,
      check: shapeProblem,
      empty: () => ({}),
      lost: "starting with no approvals",
    });
  }

  /** approved: enabled by the settings, or the fingerprint matches; changed: approved before with another fingerprint; new: never approved. */
  async status(projectDir: string, server: ApprovedServer): Promise<ApprovalStatus> {
    if (await this.#enabledBySettings?.(server.name)) return "approved";
    const record = await this.previous(projectDir, server.name);
    if (!record) return "new";
    // Left out of the fingerprint, so turning the trust off needs no new approval; turning it back on does.
    const trustRestored = record.entry?.trustReadOnlyHint === false && server.entry.trustReadOnlyHint !== false;
    return record.fingerprint === fingerprint(server.entry) && !trustRestored ? "approved" : "changed";
  }

  /** The stored approval of a server in a project, whatever its fingerprint. */
  async previous(projectDir: string, name: string): Promise<ApprovalRecord | undefined> {
    const doc = await this.#file.read();
    return toRecord(own(own(doc, resolve(projectDir)), name));
  }

  /** Remembers the server's current fingerprint, entry and how it runs, merged with what is on disk. */
  async approve(projectDir: string, server: ApprovedServer, mode: ApprovalMode): Promise<void> {
    const record = {
      fingerprint: fingerprint(server.entry),
      approvedAt: new Date(this.#clock.now()).toISOString(),
      entry: server.entry,
      ...(mode.sandboxed ? { sandboxed: true } : {}),
    };
    await this.#file.update((doc) => {
      const key = resolve(projectDir);
      if (!own(doc, key)) setOwn(doc, key, {});
      setOwn(doc[key]!, server.name, record);
      return { next: doc, result: undefined };
    });
  }

  /** Forgets the named servers' approvals in a project (all of them without names); returns the names forgotten. */
  async forget(projectDir: string, names?: readonly string[]): Promise<string[]> {
    return this.#file.update((doc) => {
      const key = resolve(projectDir);
      const project = own(doc, key) as Record<string, unknown> | undefined;
      if (!project) return { next: null, result: [] };
      const forgotten = Object.keys(project).filter((name) => !names || names.includes(name));
      for (const name of forgotten) delete project[name];
      if (Object.keys(project).length === 0) delete doc[key];
      return { next: forgotten.length > 0 ? doc : null, result: forgotten };
    });
  }
}

/** Why the parsed file is not an approvals file; undefined when it is. */
function shapeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "expected an object of project folders";
  for (const [project, servers] of Object.entries(value)) {
    if (!isObject(servers)) return `${JSON.stringify(project)}: expected an object of servers`;
  }
  return undefined;
}

function toRecord(value: unknown): ApprovalRecord | undefined {
  if (typeof value === "string") return { fingerprint: value };
  if (!isObject(value) || typeof value.fingerprint !== "string") return undefined;
  const record: { fingerprint: string; approvedAt?: string; entry?: ServerEntry; sandboxed?: boolean } = {
    fingerprint: value.fingerprint,
  };
  if (typeof value.approvedAt === "string") record.approvedAt = value.approvedAt;
  if (value.sandboxed === true) record.sandboxed = true;
  if (isObject(value.entry)) record.entry = value.entry as unknown as ServerEntry;
  return record;
}

// Own properties only: a server named "__proto__" or "constructor" is just a name.
function own(target: unknown, key: string): unknown {
  return isObject(target) && Object.hasOwn(target, key) ? target[key] : undefined;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
