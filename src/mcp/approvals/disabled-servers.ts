/**
 * The servers the user switched off, `<home>/mcp-disabled.json`:
 * `{projectDir: [name, ...]}`. Kept in the home folder, never in the
 * project's `.mcp.json` (a shared file the user may not own): `mini-cc mcp
 * disable|enable` and the panel's `d` write it, and a session never starts a
 * server listed for its project. Writes merge with what is on disk under a
 * lock, like the approvals file; a corrupt one is moved aside with a warning
 * (src/fs/home-json-file.ts).
 */
import { resolve } from "node:path";
import type { Clock } from "../../clock.ts";
import { HomeJsonFile } from "../../fs/home-json-file.ts";
import { isJsonObject } from "../../fs/json-path.ts";

/** What McpManager needs of the list: read it for a project, switch one name. */
export interface DisabledServers {
  /** Names switched off in `projectDir`. */
  list(projectDir: string): Promise<ReadonlySet<string>>;
  /** Adds (`disabled` true) or removes the name; true when the list changed. */
  set(projectDir: string, name: string, disabled: boolean): Promise<boolean>;
}

type Doc = Record<string, string[]>;

/** Where the list lives, and the clock and warning route for a corrupt one. */
export interface DisabledServersFileOptions {
  /** Usually `HomePaths.disabled`. */
  readonly file: string;
  readonly clock: Clock;
  readonly warn: (message: string) => void;
  /** The servers a settings file switches off (`disabledMcpjsonServers`): listed too, though never written here. */
  readonly disabledBySettings?: () => ReadonlySet<string> | Promise<ReadonlySet<string>>;
}

/** The per-project list of disabled servers in the home folder. */
export class DisabledServersFile implements DisabledServers {
  readonly #file: HomeJsonFile<Doc>;
  readonly #disabledBySettings: DisabledServersFileOptions["disabledBySettings"];

  constructor(options: DisabledServersFileOptions) {
    this.#disabledBySettings = options.disabledBySettings;
    this.#file = new HomeJsonFile<Doc>({
      ...options,
      check: shapeProblem,
      empty: () => ({}),
      lost: "starting with no server switched off",
    });
  }

  async list(projectDir: string): Promise<ReadonlySet<string>> {
    const doc = await this.#file.read();
    const bySettings = (await this.#disabledBySettings?.()) ?? [];
    return new Set([...(Object.hasOwn(doc, resolve(projectDir)) ? doc[resolve(projectDir)]! : []), ...bySettings]);
  }

  async set(projectDir: string, name: string, disabled: boolean): Promise<boolean> {
    return this.#file.update((doc) => {
      const key = resolve(projectDir);
      const names = Object.hasOwn(doc, key) ? (doc[key] as string[]) : [];
      if (names.includes(name) === disabled) return { next: null, result: false };
      const next = disabled ? [...names, name] : names.filter((n) => n !== name);
      Object.defineProperty(doc, key, { value: next, enumerable: true, writable: true, configurable: true });
      if (next.length === 0) delete doc[key];
      return { next: doc, result: true };
    });
  }
}

/** Why the parsed file is not a disabled list; undefined when it is. */
function shapeProblem(value: unknown): string | undefined {
  if (!isJsonObject(value)) return "expected an object of project folders";
  for (const [project, names] of Object.entries(value)) {
    if (!Array.isArray(names) || names.some((n) => typeof n !== "string"))
      return `${JSON.stringify(project)}: expected a list of server names`;
  }
  return undefined;
}
