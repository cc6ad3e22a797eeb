/**
 * Reading and updating JSON files that people edit by hand: a read tells
 * "missing" from "not JSON" (with line:column) from "ok"; an update re-reads
 * the file under a lock right before the atomic write, so concurrent writers
 * of different keys lose nothing.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { PRIVATE_DIR_MODE, writeFileAtomic } from "./atomic-write.ts";
import { type LockOptions, withFileLock } from "./file-lock.ts";
import { findJsonSyntaxError, lineColumnAt } from "./json-syntax.ts";

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

function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * Reads a small regular file as UTF-8. A FIFO, a device (a link to
 * /dev/stdin or /dev/urandom) or a file over `maxBytes` is refused with an
 * Error saying so, never read forever; a missing file throws ENOENT as usual.
 *
 * The reads are synchronous: these files are small and local, so each takes
 * microseconds, while each step of an asynchronous read would wait for the main
 * thread. At start-up that thread is evaluating the UI's modules, and the
 * configs the first frame shows would be read only after them.
 */
export async function readSmallTextFile(path: string, maxBytes = MAX_JSON_FILE_BYTES): Promise<string> {
  const notRegular = (stats: Stats) => new Error(`${fileKind(stats)}, not a regular file`);
  // Checked before opening (opening a device may itself do something), and again on what was opened.
  const before = statSync(path);
  if (!before.isFile()) throw notRegular(before);
  // Non-blocking: a FIFO put in meanwhile, with no writer, would otherwise block the open forever.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw notRegular(stats);
    const tooLarge = () => new Error(`larger than the ${maxBytes / 1024 / 1024} MiB a config file may be`);
    if (stats.size > maxBytes) throw tooLarge();
    // Room for the size seen, and one byte more: a file that grew since the stat is read on, up to the cap.
    let buffer = Buffer.allocUnsafe(stats.size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(Math.min(buffer.length, maxBytes + 1 - length))]);
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw tooLarge();
    }
    return buffer.toString("utf8", 0, length);
  } finally {
    closeSync(fd);
  }
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
      if (text !== null) await writeFileAtomic(path, text, { private: options.private ?? false, ...(options.followLinks === false ? { followLinks: false } : {}) });
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
