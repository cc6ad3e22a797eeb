/**
 * `${VAR}` and `${VAR:-default}` in config strings, so a committed `.mcp.json`
 * can name a secret without containing it. An unset variable with no default
 * becomes "" and is reported, so the caller can warn.
 */
import { isRemote, type ServerEntry } from "./types.ts";
import type { Env } from "../env.ts";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** One `${…}` at `start` (just past the `${`): its value and where it ends, or null if it is not a well-formed reference. */
function expandReference(
  text: string,
  start: number,
  env: Env,
  unset: string[],
): { value: string; end: number } | null {
  const name = NAME.exec(text.slice(start))?.[0];
  if (name === undefined) return null;
  let at = start + name.length;
  let fallback: string | undefined;
  const fallbackUnset: string[] = [];
  if (text.startsWith(":-", at)) {
    // The default may itself hold `${…}`, as in the shell's `${A:-${B}}`.
    const inner = expandUntilBrace(text, at + 2, env, fallbackUnset);
    if (inner === null) return null;
    fallback = inner.value;
    at = inner.end;
  }
  if (text[at] !== "}") return null;
  const found = env[name];
  if (found !== undefined) return { value: found, end: at + 1 };
  if (fallback !== undefined) {
    // Like the shell, a default's own variables only count when the default is used.
    for (const inner of fallbackUnset) if (!unset.includes(inner)) unset.push(inner);
    return { value: fallback, end: at + 1 };
  }
  if (!unset.includes(name)) unset.push(name);
  return { value: "", end: at + 1 };
}

/** Expands from `start` up to (not past) the `}` that closes the enclosing reference; null if none closes it. */
function expandUntilBrace(
  text: string,
  start: number,
  env: Env,
  unset: string[],
): { value: string; end: number } | null {
  let value = "";
  let at = start;
  while (at < text.length && text[at] !== "}") {
    if (text.startsWith("${", at)) {
      const ref = expandReference(text, at + 2, env, unset);
      if (ref === null) return null;
      value += ref.value;
      at = ref.end;
    } else {
      value += text[at];
      at += 1;
    }
  }
  return at < text.length ? { value, end: at } : null;
}

/** Expands one string; `unset` lists the variables that were unset with no default. Malformed `${` is kept as written. */
function expandVars(text: string, env: Env): { value: string; unset: string[] } {
  const unset: string[] = [];
  let value = "";
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf("${", at);
    if (open === -1) break;
    value += text.slice(at, open);
    const found: string[] = [];
    const ref = expandReference(text, open + 2, env, found);
    if (ref === null) {
      value += "${";
      at = open + 2;
      continue;
    }
    for (const name of found) if (!unset.includes(name)) unset.push(name);
    value += ref.value;
    at = ref.end;
  }
  return { value: value + text.slice(at), unset };
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
    // A client secret belongs in the environment, not in a shared .mcp.json.
    if (entry.oauth) {
      const { clientId, clientSecret, clientMetadataUrl, privateKeyFile } = entry.oauth;
      resolved.oauth = {
        ...entry.oauth,
        ...(clientId !== undefined ? { clientId: one(clientId) } : {}),
        ...(clientSecret !== undefined ? { clientSecret: one(clientSecret) } : {}),
        ...(clientMetadataUrl !== undefined ? { clientMetadataUrl: one(clientMetadataUrl) } : {}),
        ...(privateKeyFile !== undefined ? { privateKeyFile: one(privateKeyFile) } : {}),
      };
    }
    return { entry: resolved, unset };
  }
  const resolved = { ...entry, command: one(entry.command) };
  if (entry.args) resolved.args = entry.args.map(one);
  if (entry.env) resolved.env = values(entry.env);
  return { entry: resolved, unset };
}

/** The warnings for an entry's variables that were unset with no default: each expands to "". */
export function unsetVariableWarnings(file: string, server: string, unset: readonly string[]): string[] {
  return unset.map(
    (variable) => `${file}: server "${server}": environment variable ${variable} is not set; it expands to ""`,
  );
}
