/**
 * `${VAR}` and `${VAR:-default}` in config strings, so a committed `.mcp.json`
 * can name a secret without containing it. An unset variable with no default
 * becomes "" and is reported, so the caller can warn.
 */
import { isRemote, type ServerEntry } from "./types.ts";

/** The environment variables expansion reads. */
export type Env = Readonly<Record<string, string | undefined>>;

const VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Expands one string; `unset` lists the variables that were unset with no default. */
function expandVars(text: string, env: Env): { value: string; unset: string[] } {
  const unset: string[] = [];
  const value = text.replace(VAR, (_match, name: string, fallback: string | undefined) => {
    const found = env[name];
    if (found !== undefined) return found;
    if (fallback !== undefined) return fallback;
    if (!unset.includes(name)) unset.push(name);
    return "";
  });
  return { value, unset };
}

/** Expands command, args, env values, url and header values; other fields are copied as they are. */
export function expandEntry(entry: ServerEntry, env: Env): { entry: ServerEntry; unset: string[] } {
  const unset: string[] = [];
  const one = (text: string): string => {
    const result = expandVars(text, env);
    for (const name of result.unset) if (!unset.includes(name)) unset.push(name);
    return result.value;
  };
  const values = (map: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(map).map(([key, value]) => [key, one(value)]));

  if (isRemote(entry)) {
    const resolved = { ...entry, url: one(entry.url) };
    if (entry.headers) resolved.headers = values(entry.headers);
    return { entry: resolved, unset };
  }
  const resolved = { ...entry, command: one(entry.command) };
  if (entry.args) resolved.args = entry.args.map(one);
  if (entry.env) resolved.env = values(entry.env);
  return { entry: resolved, unset };
}

/** The warnings for an entry's variables that were unset with no default: each expands to "". */
export function unsetVariableWarnings(file: string, server: string, unset: readonly string[]): string[] {
  return unset.map((variable) => `${file}: server "${server}": environment variable ${variable} is not set; it expands to ""`);
}
