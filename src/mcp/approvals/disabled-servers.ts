/**
 * The servers the user switched off, `<home>/mcp-disabled.json`:
 * `{projectDir: [name, ...]}`. Kept in the home folder, never in the
 * project's `.mcp.json` (a shared file the user may not own): `mini-cc mcp
 * disable|enable` and the panel's `d` write it, and a session never starts a
 * server listed for its project. Writes merge with what is on disk under a
 * lock, like the approvals file; a file that is not this shape is left alone
 * and read as empty, with the reason.
 */
import { resolve } from "node:path";
import { formatSyntaxProblem, readJsonFile, updateJsonFileAtomic, type JsonReadResult } from "../../fs/json-file.ts";
import { formatJson } from "../../fs/json-style.ts";
import { MiniCcError } from "../../errors.ts";

/** What McpManager needs of the list: read it for a project, switch one name. */
export interface DisabledServers {
  /** Names switched off in `projectDir`. */
  list(projectDir: string): Promise<ReadonlySet<string>>;
  /** Adds (`disabled` true) or removes the name; true when the list changed. */
  set(projectDir: string, name: string, disabled: boolean): Promise<boolean>;
}

type Doc = Record<string, string[]>;

/** The per-project list of disabled servers in the home folder. */
export class DisabledServersFile implements DisabledServers {
  readonly #file: string;

  /** `file`: usually `HomePaths.disabled`. */
  constructor(file: string) {
    this.#file = file;
  }

  async list(projectDir: string): Promise<ReadonlySet<string>> {
    const doc = toDoc(this.#file, await readJsonFile(this.#file));
    return new Set(Object.hasOwn(doc, resolve(projectDir)) ? doc[resolve(projectDir)] : []);
  }

  async set(projectDir: string, name: string, disabled: boolean): Promise<boolean> {
    return updateJsonFileAtomic(
      this.#file,
      (current) => {
        const doc = toDoc(this.#file, current, true);
        const key = resolve(projectDir);
        const names = Object.hasOwn(doc, key) ? (doc[key] as string[]) : [];
        if (names.includes(name) === disabled) return { text: null, result: false };
        const next = disabled ? [...names, name] : names.filter((n) => n !== name);
        Object.defineProperty(doc, key, { value: next, enumerable: true, writable: true, configurable: true });
        if (next.length === 0) delete doc[key];
        return { text: formatJson(doc), result: true };
      },
      { private: true },
    );
  }
}

/** The parsed list; a missing file is empty. A broken one reads as empty, but is never overwritten (`strict`: throws). */
function toDoc(file: string, current: JsonReadResult, strict = false): Doc {
  const problem = shapeProblem(file, current);
  if (problem !== undefined && strict) throw new MiniCcError("invalid-shape", `${problem}; fix or delete it`, { file });
  if (problem !== undefined || current.kind !== "ok") return {};
  return current.value as Doc;
}

function shapeProblem(file: string, current: JsonReadResult): string | undefined {
  if (current.kind === "missing") return undefined;
  if (current.kind === "unreadable") return `${file}: cannot read (${current.message})`;
  if (current.kind === "invalid") return formatSyntaxProblem(file, current);
  const value = current.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `${file}: expected an object of project folders`;
  for (const [project, names] of Object.entries(value)) {
    if (!Array.isArray(names) || names.some((n) => typeof n !== "string")) return `${file}: ${JSON.stringify(project)}: expected a list of server names`;
  }
  return undefined;
}
