/**
 * Reading the start of a file that must be a regular one: a FIFO, a device
 * (a link to /dev/stdin or /dev/urandom), a socket or a folder is refused,
 * judged on what was opened, never read; the read stops at a byte cap, so a
 * 200 MB file costs no more than the cap. Opened non-blocking: a FIFO with no
 * writer, put in place between the check and the open, would otherwise block
 * the open forever (and SIGTERM does not interrupt a blocked open).
 *
 * The reads are synchronous: these files are small and local, so each takes
 * microseconds, while each step of an asynchronous read would wait for the main
 * thread (at start-up busy evaluating the UI's modules).
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";

/** What was read: at most the cap, and whether more was there. */
export interface RegularFileStart {
  readonly text: string;
  /** The file's size in bytes (as far as read, if it grew). */
  readonly size: number;
  /** True when the file holds more than the cap: `text` is its first `maxBytes` bytes. */
  readonly cut: boolean;
}

/** Thrown for a path that is not a regular file; `kind` says what it is ("a FIFO"). */
export class NotRegularFileError extends Error {
  readonly kind: string;
  readonly isDirectory: boolean;
  constructor(stats: Stats) {
    const kind = fileKind(stats);
    super(`${kind}, not a regular file`);
    this.kind = kind;
    this.isDirectory = stats.isDirectory();
  }
}

/**
 * The first `maxBytes` bytes of a regular file, as UTF-8. Throws
 * NotRegularFileError for anything else, and node's errors (ENOENT…) as usual.
 * `noFollow`: a symbolic link as the last part of the path is refused (ELOOP).
 */
export function readRegularFileStart(
  path: string,
  maxBytes: number,
  options: { noFollow?: boolean } = {},
): RegularFileStart {
  // Checked before opening (opening a device may itself do something), and again on what was opened.
  const before = statSync(path);
  if (!before.isFile()) throw new NotRegularFileError(before);
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (options.noFollow ? constants.O_NOFOLLOW : 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new NotRegularFileError(stats);
    // Room for the size seen (up to the cap), and one byte more: a file that grew since the stat is read on, up to the cap.
    let buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) break;
        buffer = Buffer.concat([buffer, Buffer.allocUnsafe(Math.min(buffer.length, maxBytes + 1 - length))]);
      }
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    const cut = length > maxBytes;
    return { text: buffer.toString("utf8", 0, Math.min(length, maxBytes)), size: Math.max(stats.size, length), cut };
  } finally {
    closeSync(fd);
  }
}

function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}
