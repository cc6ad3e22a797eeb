/**
 * A stdio server's stderr log, `<logDir>/mcp-<name>.log`: appended across
 * sessions, one header line per start, and read back for the last line when
 * the server dies (its own words are the best failure reason we have). A log
 * that reached MAX_LOG_BYTES is copied to `<log>.1` and emptied in place, at
 * the next start and while the server runs (server-message-log.ts watches
 * it): the child keeps appending through its own descriptor, so a chatty
 * server keeps at most about two logs' worth on disk.
 */
import { sha256Hex } from "../../on-demand-crypto.ts";
import { closeSync, copyFileSync, fstatSync, mkdirSync, openSync, statSync, truncateSync, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../fs/atomic-write.ts";

/** A log this large is rotated, once (to `<log>.1`). */
export const MAX_LOG_BYTES = 10 * 1024 * 1024;
/** How much of the log's tail is read to find the last line. */
const TAIL_BYTES = 4096;
/** A failure reason stays one readable line. */
const MAX_LINE = 300;

/** The log file of one server, opened for one start. */
export interface OpenedLog {
  /** Passed to the child as its stderr. */
  fd: number;
  path: string;
  /** File size after the header: where this start's output begins. */
  start: number;
}

/**
 * `mcp-<name>.log`. A name with characters a file name should not carry has them
 * replaced and gets a short hash of the real name, so `a/b` and `a:b` keep two logs.
 */
export function serverLogPath(logDir: string, name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}_.-]/gu, "_");
  const suffix = safe === name ? "" : `-${sha256Hex(name).slice(0, 8)}`;
  return join(logDir, `mcp-${safe}${suffix}.log`);
}

/** Opens the log for appending and writes the session header line. */
export function openServerLog(logDir: string, name: string, commandLine: string, now: Date): OpenedLog {
  // A server's stderr may hold its tokens: the user's alone.
  mkdirSync(logDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const path = serverLogPath(logDir, name);
  rotateIfFull(path);
  const fd = openSync(path, "a", PRIVATE_FILE_MODE);
  try {
    writeSync(fd, `--- ${now.toISOString()} mini-cc started ${name}: ${commandLine}\n`);
    return { fd, path, start: fstatSync(fd).size };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Rotates a log that reached `maxBytes`; true when it did. */
export function rotateIfFull(path: string, maxBytes = MAX_LOG_BYTES): boolean {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return false; // No log yet.
  }
  if (size < maxBytes) return false;
  rotateInPlace(path);
  return true;
}

/**
 * Copies the log to `<log>.1` (replacing the one rotated before) and empties it.
 * Not a rename: a running server's stderr is a descriptor opened for appending
 * on this very file, and after a rename it would go on filling `<log>.1`.
 */
export function rotateInPlace(path: string): void {
  copyFileSync(path, `${path}.1`);
  truncateSync(path, 0);
}

/** Closes our copy of the descriptor (the child keeps its own). */
export function closeServerLog(log: OpenedLog): void {
  try {
    closeSync(log.fd);
  } catch {
    // Already closed.
  }
}

/**
 * The line that best says why a server died: npm's own account when `npx`
 * could not install it (`npm error 404 Not Found - GET …`, not the "complete
 * log" line npm ends with), else the last `…Error: …` line (a crash's message,
 * not the stack or Node's version banner that follow it), else the last
 * non-empty line written since `from`; "" when it wrote nothing.
 */
export async function lastLogLine(path: string, from: number): Promise<string> {
  let handle;
  try {
    handle = await open(path, "r");
    const { size } = await handle.stat();
    // Rotated since this start began (the file is shorter than where it began): all of it is this start's.
    const begin = Math.max(from > size ? 0 : from, size - TAIL_BYTES);
    if (size <= begin) return "";
    const buffer = Buffer.alloc(size - begin);
    await handle.read(buffer, 0, buffer.length, begin);
    const lines = buffer
      .toString("utf8")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "");
    const last =
      npmReason(lines) ??
      lines.findLast((line) => /^[A-Za-z]*Error( \[\w+\])?:/.test(line)) ??
      lines.findLast((line) => !/^Node\.js v\d/.test(line)) ??
      "";
    return last.length > MAX_LINE ? `${last.slice(0, MAX_LINE - 1)}…` : last;
  } catch {
    return "";
  } finally {
    await handle?.close();
  }
}

/** npm's lines (`npm error …`, older `npm ERR! …`): after `code E404` come its fields, then what went wrong. */
const NPM_LINE = /^npm (?:error|ERR!) (.*)$/;
const NPM_FIELD = /^(?:(?:code|syscall|errno|path|dest)(?:\s|$)|\d{3}\s*$)/;

/** The first npm line after its last `code …` line that is not one of its fields; undefined when npm said no code. */
function npmReason(lines: readonly string[]): string | undefined {
  const code = lines.findLastIndex((line) => /^npm (?:error|ERR!) code \S/.test(line));
  if (code < 0) return undefined;
  const said = lines.slice(code + 1).find((line) => !NPM_FIELD.test(NPM_LINE.exec(line)?.[1] ?? "code"));
  return said ?? lines[code];
}
