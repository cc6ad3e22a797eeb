/**
 * A stdio entry's `"sandbox"`: `true` (the default profile), `false` (full
 * access), or the default profile loosened by an object
 * `{allowWrite, denyRead, allowRead, allowedDomains, env}`. Checked here
 * with the rest of the entry; paths are resolved against the project when
 * the server starts (connection/sandbox/profile.ts), where a relative one
 * that reaches the home folder or `/` is refused the same way.
 */
import { homedir } from "node:os";
import { isAbsolute, relative, resolve } from "node:path";
import { describeJsonType, isJsonObject } from "../fs/json-path.ts";
import { arrayOf, objectOf, optional, string, type Check, type ShapeProblem } from "../fs/json-shape.ts";

/** What the default profile is loosened by; every list adds to it. */
export interface SandboxOptions {
  /** More folders (or files) the server may write, beside the project and its temp folder. */
  allowWrite?: string[];
  /** More paths it may not read. */
  denyRead?: string[];
  /** Paths the default profile denies that it may read after all (one `.env`). */
  allowRead?: string[];
  /** Hosts it may reach (`api.github.com`, `*.npmjs.org`, `host:443`); none by default. */
  allowedDomains?: string[];
  /** Names of mini-cc's environment variables passed through, beside the base set. */
  env?: string[];
}

export type SandboxSetting = boolean | SandboxOptions;

export const SANDBOX_FIELDS = ["allowWrite", "denyRead", "allowRead", "allowedDomains", "env"] as const;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A host name, a `*.` wildcard, an IPv4 literal or a bracketed IPv6 one, with an optional `:port`. */
const HOST_PATTERN = /^(\*\.)?([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

const paths = optional(arrayOf(string({ nonEmpty: true })));

const names: Check = (value, path) => {
  if (!Array.isArray(value)) return [{ path, message: `expected array, got ${describeJsonType(value)}` }];
  return value.flatMap((name, i): ShapeProblem[] => {
    if (typeof name !== "string")
      return [{ path: [...path, i], message: `expected string, got ${describeJsonType(name)}` }];
    return ENV_NAME.test(name)
      ? []
      : [{ path: [...path, i], message: `${JSON.stringify(name)} is not an environment variable name` }];
  });
};

const hosts: Check = (value, path) => {
  if (!Array.isArray(value)) return [{ path, message: `expected array, got ${describeJsonType(value)}` }];
  return value.flatMap((host, i): ShapeProblem[] => {
    if (typeof host !== "string")
      return [{ path: [...path, i], message: `expected string, got ${describeJsonType(host)}` }];
    return HOST_PATTERN.test(host)
      ? []
      : [
          {
            path: [...path, i],
            message: `${JSON.stringify(host)} is not a host name (example.com, *.example.com, example.com:443)`,
          },
        ];
  });
};

/** A write list may not open the home folder, `/`, or a folder above the home folder. */
const writeRoots: Check = (value, path) => {
  const shape = arrayOf(string({ nonEmpty: true }))(value, path);
  if (shape.length > 0) return shape;
  return (value as string[]).flatMap((entry, i): ShapeProblem[] => {
    if (!isAbsolute(entry) && !entry.startsWith("~")) return []; // relative: checked against the project at start
    const refused = refusedWriteRoot(expandHome(entry, homedir()), homedir());
    return refused ? [{ path: [...path, i], message: refused }] : [];
  });
};

const options: Check = objectOf(
  {
    allowWrite: optional(writeRoots),
    denyRead: paths,
    allowRead: paths,
    allowedDomains: optional(hosts),
    env: optional(names),
  },
  { strict: true },
);

/** `"sandbox"`: true, false or the object above. */
export const sandboxCheck: Check = (value, path) => {
  if (typeof value === "boolean") return [];
  if (!isJsonObject(value))
    return [{ path, message: `expected true, false or an object, got ${describeJsonType(value)}` }];
  return options(value, path);
};

/** `~` and `~/x` with the home folder spelled out. */
export function expandHome(path: string, home: string): string {
  if (path === "~") return home;
  return path.startsWith("~/") ? resolve(home, path.slice(2)) : path;
}

/** Why an absolute write root is refused (it is `/`, the home folder, or holds it); undefined when it is fine. */
export function refusedWriteRoot(absolute: string, home: string): string | undefined {
  const path = resolve(absolute);
  if (path === "/") return "would allow writing everywhere (/)";
  const up = relative(path, resolve(home));
  if (up === "") return "would allow writing your whole home folder";
  if (!up.startsWith("..") && !isAbsolute(up)) return "would allow writing your whole home folder (it holds it)";
  return undefined;
}

/** The options an entry's setting loosens the default profile by; undefined for `false` or no setting. */
export function sandboxOptions(setting: SandboxSetting | undefined): SandboxOptions | undefined {
  if (setting === undefined || setting === false) return undefined;
  return setting === true ? {} : setting;
}
