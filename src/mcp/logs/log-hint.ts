/**
 * Where a failed stdio server's stderr went, so every place that shows the
 * failure (`mcp list`, `mcp get`, the TUI's `/mcp`) can point at it:
 * `log: ~/.mini-cc/logs/mcp-b.log`.
 *
 * The manager writes a header line to the log before it spawns the server,
 * so the file exists even for a command that was never found. The hint is
 * there to find what the server itself wrote: it is given only when the
 * server's last start wrote something after its header, and never for a
 * server whose process did not start (command not found, not executable).
 */
import { open } from "node:fs/promises";
import { isAbsolute, relative, sep } from "node:path";
import { isRemote } from "../../config/types.ts";
import { serverLogPath } from "./stderr-log.ts";
import type { ServerView } from "../state/server-state.ts";
import type { ErrorCode } from "../../errors.ts";

/** How much of a log's tail is read to find its last start. */
const TAIL_BYTES = 4096;
/** The header server-log.ts writes at each start: `--- <ISO time> mini-cc started NAME: COMMAND`. */
const HEADER = /^--- \d{4}-\d\d-\d\dT\S+ mini-cc started /;

/** Where the logs are, and whose home directory `~` stands for. */
export interface ServerLogPlaces {
  /** `<mini-cc home>/logs`. */
  readonly logDir: string;
  /** The user's home directory. */
  readonly userHome: string;
}

/** `path` with the user's home directory written `~` when it lies under it; otherwise unchanged. */
export function tildePath(path: string, userHome: string): string {
  // "/" as home would turn every path into ~/…, which helps nobody.
  if (userHome === "" || relative(userHome, "/") === "") return path;
  const inside = relative(userHome, path);
  if (inside === "") return "~";
  if (inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return path;
  return `~${sep}${inside}`;
}

/** The last lines of a log (up to TAIL_BYTES of it); [] for a missing or unreadable one. Untrusted text: the caller makes it safe. */
export async function readLogTail(path: string, maxLines = Infinity): Promise<string[]> {
  let handle;
  try {
    handle = await open(path, "r");
    const { size } = await handle.stat();
    const begin = Math.max(0, size - TAIL_BYTES);
    const buffer = Buffer.alloc(size - begin);
    await handle.read(buffer, 0, buffer.length, begin);
    const lines = buffer
      .toString("utf8")
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "");
    // A tail cut mid-file starts mid-line: that first piece is dropped.
    return (begin > 0 && lines.length > 1 ? lines.slice(1) : lines).slice(-maxLines);
  } catch {
    return [];
  } finally {
    await handle?.close();
  }
}

/** True when the log's last start wrote something after its header line; false for a missing or empty log. */
export async function lastStartWroteOutput(path: string): Promise<boolean> {
  const last = (await readLogTail(path, 1))[0];
  return last !== undefined && !HEADER.test(last);
}

/** Failures that mean no process ever ran: whatever its log holds was written by someone else. */
const NEVER_STARTED: ReadonlySet<ErrorCode> = new Set(["command-not-found", "not-executable", "spawn-failed"]);

/** The log file (absolute) of a failed stdio server that wrote to it; undefined for any other server. */
export async function failedServerLog(view: ServerView, logDir: string): Promise<string | undefined> {
  // An invalid entry never ran; a remote server has no stderr of ours.
  if (view.state.status !== "failed" || !view.config || isRemote(view.config.entry)) return undefined;
  // Another session's start of the same server may have written after our header.
  if (NEVER_STARTED.has(view.state.code)) return undefined;
  const path = serverLogPath(logDir, view.name);
  return (await lastStartWroteOutput(path)) ? path : undefined;
}

/** For each failed server with a log to read, its path as shown to the user (`~/…`), by server name. */
export async function failedServerLogs(
  views: readonly ServerView[],
  places: ServerLogPlaces,
): Promise<Map<string, string>> {
  const found = await Promise.all(
    views.map(async (view) => [view.name, await failedServerLog(view, places.logDir)] as const),
  );
  return new Map(found.flatMap(([name, path]) => (path ? [[name, tildePath(path, places.userHome)] as const] : [])));
}
