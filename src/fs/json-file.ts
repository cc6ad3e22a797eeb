/**
 * Reading and updating JSON files that people edit by hand: a read tells
 * "missing" from "not JSON" (with line:column) from "ok"; an update re-reads
 * the file under a lock right before the atomic write, so concurrent writers
 * of different keys lose nothing.
 */
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { PRIVATE_DIR_MODE, writeFileAtomic } from "./atomic-write.ts";
import { type LockOptions, withFileLock } from "./file-lock.ts";
import { findJsonSyntaxError, lineColumnAt } from "./json-syntax.ts";
import { readRegularFileStart } from "./regular-file.ts";

/** A JSON text that did not parse: where, and what JSON.parse said. */
export interface JsonSyntaxProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type JsonParseResult = { ok: true; value: unknown } | ({ ok: false } & JsonSyntaxProblem);

/** What reading a JSON file found. `text` is the raw content, for writers that keep formatting. */
export type JsonReadResult =
  | { kind: "missing" }
  | { kind: "unreadable"; message: string }
  | ({ kind: "invalid"; text: string } & JsonSyntaxProblem)
  | { kind: "ok"; value: unknown; text: string };

/** Parses JSON text (a leading byte-order mark is allowed), locating any syntax error. */
export function parseJsonText(text: string): JsonParseResult {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    let offset = findJsonSyntaxError(body);
    if (offset < 0) offset = body.length; // Should not happen; point at the end rather than nowhere.
    return { ok: false, ...lineColumnAt(body, offset), message: describeSyntaxError((error as Error).message) };
  }
}

/** "file:line:column: invalid JSON (reason)" — the one-line form every caller prints. */
export function formatSyntaxProblem(file: string, problem: JsonSyntaxProblem): string {
  return `${file}:${problem.line}:${problem.column}: invalid JSON (${problem.message})`;
}

/** Config and state files are small: anything bigger is not one of ours, and is not read. */
export const MAX_JSON_FILE_BYTES = 1024 * 1024;

/**
 * Reads a small regular file as UTF-8 (regular-file.ts: a FIFO or a device is
 * refused, never read forever); a file over `maxBytes` is refused with an Error
 * saying so; a missing file throws ENOENT as usual.
 */
export async function readSmallTextFile(path: string, maxBytes = MAX_JSON_FILE_BYTES): Promise<string> {
  const read = readRegularFileStart(path, maxBytes);
  if (read.cut) throw new Error(`larger than the ${maxBytes / 1024 / 1024} MiB a config file may be`);
  return read.text;
}

export async function readJsonFile(path: string, maxBytes = MAX_JSON_FILE_BYTES): Promise<JsonReadResult> {
  let text: string;
  try {
    text = await readSmallTextFile(path, maxBytes);
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    if (err.code === "ENOENT") return { kind: "missing" };
    return { kind: "unreadable", message: err.message };
  }
  const parsed = parseJsonText(text);
  if (parsed.ok) return { kind: "ok", value: parsed.value, text };
  return { kind: "invalid", text, line: parsed.line, column: parsed.column, message: parsed.message };
}

/**
 * Under `<path>.lock`: reads the file, hands what it found to `mutate`, and
 * atomically writes the text `mutate` returns (null: leave the file alone).
 * `mutate` may throw to abort; its value is returned. `private`: the user's
 * alone (see writeFileAtomic), its folder, and the lock's, made 0700;
 * `maxBytes`: the read's cap (readSmallTextFile); `followLinks` as writeFileAtomic's.
 */
export async function updateJsonFileAtomic<R = void>(
  path: string,
  mutate: (current: JsonReadResult) => Promise<JsonUpdate<R>> | JsonUpdate<R>,
  options: LockOptions & { private?: boolean; maxBytes?: number; followLinks?: boolean } = {},
): Promise<R> {
  // Before the lock, which would otherwise create the folder with the default mode.
  if (options.private) await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  return withFileLock(
    path,
    async () => {
      const { text, result } = await mutate(await readJsonFile(path, options.maxBytes));
      if (text !== null)
        await writeFileAtomic(path, text, {
          private: options.private ?? false,
          ...(options.followLinks === false ? { followLinks: false } : {}),
        });
      return result;
    },
    options,
  );
}

/** What an update decided: the new file text (or null for no write) and a value for the caller. */
export interface JsonUpdate<R> {
  readonly text: string | null;
  readonly result: R;
}

// V8 appends the position, or quotes the whole input: keep only the reason.
function describeSyntaxError(message: string): string {
  return message
    .replace(/ in JSON at position \d+.*$/, "")
    .replace(/, (?:\.\.\.)?".*is not valid JSON$/s, "")
    .replace(/^Unexpected end of JSON input$/, "unexpected end of input")
    .replace(/[\n\r\t]/g, (char) => JSON.stringify(char).slice(1, -1));
}
