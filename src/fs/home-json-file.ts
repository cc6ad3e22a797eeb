/**
 * The JSON files mini-cc writes for itself in its home folder (approvals,
 * settings approvals, OAuth tokens, disabled servers, the tool cache), read
 * and written one way: writes are atomic and merged under a lock, 0600 in a
 * 0700 folder, and a file that cannot be used (not JSON, not this file's
 * shape, unreadable) gets one policy: it is moved aside to
 * `<name>.corrupt-<time>`, one warning names both, and the program goes on
 * as if the file were missing. Never read as empty and then overwritten, never
 * moved silently. Config files people edit (mcp.json, settings.json) are not
 * these: a mistake there is reported with its line and column, and kept.
 */
import { access, rename } from "node:fs/promises";
import type { Clock } from "../clock.ts";
import { MiniCcError } from "../errors.ts";
import { type JsonReadResult, formatSyntaxProblem, readJsonFile, updateJsonFileAtomic } from "./json-file.ts";
import { formatJson } from "./json-style.ts";

/** One home file: where it is, its shape, and what a corrupt one costs. */
export interface HomeJsonFileOptions<T> {
  readonly file: string;
  /** Why `value` is not this file's shape, as a phrase ("expected an object of project folders"); undefined when it is. */
  readonly check: (value: unknown) => string | undefined;
  /** What a missing (or moved-aside) file holds; a fresh value each call, callers may change it. */
  readonly empty: () => T;
  /** Ends the warning after a move: "starting with no approvals". */
  readonly lost: string;
  /** Stamps the backup's name. */
  readonly clock: Clock;
  /** The route to the user (the TUI's notices, stderr in print mode and `mini-cc mcp`). */
  readonly warn: (message: string) => void;
  /** The text written for a value; formatted JSON by default. */
  readonly format?: (value: T) => string;
  /** Refuses (as corrupt) a file larger than this; readJsonFile's cap by default. */
  readonly maxBytes?: number;
  /** False: a symlink found at the path is replaced, not written through (see writeFileAtomic). */
  readonly followLinks?: boolean;
}

/** What an update decided: the next value (null: no write) and a result for the caller. */
export interface HomeJsonChange<T, R> {
  readonly next: T | null;
  readonly result: R;
}

/** A JSON file in the home folder with the one corrupt-file policy. A file, not a Store: nothing subscribes to it. */
export class HomeJsonFile<T> {
  readonly #options: HomeJsonFileOptions<T>;
  #movedAside: string | undefined;

  constructor(options: HomeJsonFileOptions<T>) {
    this.#options = options;
  }

  get file(): string {
    return this.#options.file;
  }

  /** Where this object last moved a corrupt file (for a reason such as "token file was unreadable, moved to …"). */
  get movedAside(): string | undefined {
    return this.#movedAside;
  }

  /** The file's value; a missing file is empty, a corrupt one is moved aside (with the warning) and empty. */
  async read(): Promise<T> {
    const current = await readJsonFile(this.#options.file, this.#options.maxBytes);
    if (this.#problem(current) === undefined) return this.#valueOf(current);
    // Moved under the lock, after reading again: another process may have repaired or replaced it meanwhile.
    return this.update((value) => ({ next: null, result: value }));
  }

  /** Under the lock: reads the value (after the policy), hands it to `change`, writes what it returns. */
  async update<R>(change: (value: T) => HomeJsonChange<T, R>): Promise<R> {
    return updateJsonFileAtomic(
      this.#options.file,
      async (current) => {
        const { next, result } = change(await this.#usableOrMoved(current));
        return { text: next === null ? null : (this.#options.format ?? formatJson)(next), result };
      },
      { private: true, maxBytes: this.#options.maxBytes, followLinks: this.#options.followLinks },
    );
  }

  /** Replaces the whole file (under the lock, so it never races a move aside). */
  async write(value: T): Promise<void> {
    await this.update(() => ({ next: value, result: undefined }));
  }

  #valueOf(current: JsonReadResult): T {
    return current.kind === "ok" ? (current.value as T) : this.#options.empty();
  }

  /** Why the file cannot be used, naming it; undefined when it can (or is missing). */
  #problem(current: JsonReadResult): string | undefined {
    const { file } = this.#options;
    if (current.kind === "missing") return undefined;
    if (current.kind === "unreadable") return `${file}: cannot read (${current.message})`;
    if (current.kind === "invalid") return formatSyntaxProblem(file, current);
    const shape = this.#options.check(current.value);
    return shape === undefined ? undefined : `${file}: ${shape}`;
  }

  /** Call only under the lock. */
  async #usableOrMoved(current: JsonReadResult): Promise<T> {
    const problem = this.#problem(current);
    if (problem === undefined) return this.#valueOf(current);
    const backup = await this.#backupName();
    try {
      await rename(this.#options.file, backup);
    } catch (error) {
      // Not movable either (a read-only folder): say so rather than overwrite it.
      throw new MiniCcError(
        "home-file-unmovable",
        `${problem}; could not move it aside (${(error as Error).message}): fix or delete it`,
        { file: this.#options.file },
      );
    }
    this.#movedAside = backup;
    this.#options.warn(`${problem}; moved it to ${backup} and ${this.#options.lost}.`);
    return this.#options.empty();
  }

  // `<name>.corrupt-<ISO time>`, ":" written as "-" so the name is valid on every file system.
  async #backupName(): Promise<string> {
    const base = `${this.#options.file}.corrupt-${new Date(this.#options.clock.now()).toISOString().replace(/:/g, "-")}`;
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? base : `${base}-${n}`;
      if (
        !(await access(candidate).then(
          () => true,
          () => false,
        ))
      )
        return candidate;
    }
  }
}
