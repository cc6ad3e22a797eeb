/**
 * One background task's output: written to a file (0600, in the session's
 * 0700 folder) up to a cap, so a command that prints a gigabyte keeps running
 * without filling the disk. Past the cap the output is still drained and
 * counted, and its last part is kept in memory; at the end that tail is added
 * to the file after a line saying how much was left out. A reader asks for what
 * is new since its last position and gets it whole when it fits, else its head
 * and tail with a note naming the file.
 */
import { closeSync, mkdirSync, openSync, readSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** What the file keeps from the start of the output. */
export const FILE_HEAD_BYTES = 8 * 1024 * 1024;
/** What is kept of the output's end once the head is full. */
export const TAIL_BYTES = 256 * 1024;

export interface OutputFileLimits {
  headBytes?: number;
  tailBytes?: number;
}

export class OutputFile {
  readonly path: string;
  readonly #headCap: number;
  readonly #tailCap: number;
  readonly #onGrow: () => void;
  #fd: number | undefined;
  /** Bytes produced in all. */
  #written = 0;
  /** Bytes of the head the file holds: positions [0, inFile) of the output. */
  #inFile = 0;
  /** The head takes no more (full, or the file could not be written). */
  #headClosed = false;
  #tail: Buffer[] = [];
  #tailBytes = 0;

  /** Creates the file (and its folder); throws when it cannot. `onGrow` hears of each piece of output. */
  constructor(path: string, limits: OutputFileLimits = {}, onGrow: () => void = () => {}) {
    this.path = path;
    this.#onGrow = onGrow;
    this.#headCap = limits.headBytes ?? FILE_HEAD_BYTES;
    this.#tailCap = limits.tailBytes ?? TAIL_BYTES;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.#fd = openSync(path, "w", 0o600);
  }

  get bytesWritten(): number {
    return this.#written;
  }

  /** Adds the next piece of output; after close() it is ignored. */
  append(chunk: Buffer | string): void {
    if (this.#fd === undefined) return;
    let data = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    this.#written += data.length;
    this.#onGrow();
    if (!this.#headClosed) {
      const room = this.#headCap - this.#inFile;
      const part = data.subarray(0, room);
      try {
        writeSync(this.#fd, part);
        this.#inFile += part.length;
      } catch {
        // A full disk: what does not fit is kept as the tail, like output past the cap.
        this.#headClosed = true;
      }
      if (this.#inFile >= this.#headCap) this.#headClosed = true;
      data = this.#headClosed ? data.subarray(this.#inFile - (this.#written - data.length)) : Buffer.alloc(0);
      if (data.length === 0) return;
    }
    this.#tail.push(data);
    this.#tailBytes += data.length;
    while (this.#tail.length > 1 && this.#tailBytes - this.#tail[0]!.length >= this.#tailCap) {
      this.#tailBytes -= this.#tail.shift()!.length;
    }
  }

  /** The output is over: the kept tail goes into the file after a note on what was left out. */
  close(): void {
    if (this.#fd === undefined) return;
    const fd = this.#fd;
    this.#fd = undefined;
    try {
      if (this.#tailBytes > 0) {
        // Memory keeps whole chunks (up to one over the cap); the file gets exactly the last tailCap bytes.
        const tail = Buffer.concat(this.#tail);
        const kept = tail.subarray(Math.max(0, tail.length - this.#tailCap));
        const gap = this.#written - kept.length - this.#inFile;
        if (gap > 0) writeSync(fd, `\n… [${gap} bytes of output left out here] …\n`);
        writeSync(fd, kept);
      }
    } catch {
      // The file keeps what it has; the reader still has the tail in memory.
    }
    closeSync(fd);
  }

  /**
   * The output from byte `from` to now, within `maxBytes`: whole when it
   * fits, else its first and last halves with a note between them naming
   * this file. `to` is where the next read starts.
   */
  read(from: number, maxBytes: number): { text: string; to: number } {
    const to = this.#written;
    const start = Math.min(Math.max(0, from), to);
    if (to - start <= maxBytes) return { text: this.#range(start, to), to };
    const half = Math.floor(maxBytes / 2);
    const left = to - start - 2 * half;
    const note = `\n\n… [${left} bytes left out here; the output file holds the rest: ${this.path}] …\n\n`;
    return { text: `${this.#range(start, start + half)}${note}${this.#range(to - half, to)}`, to };
  }

  /** The last `count` non-empty lines of the output (the reminder when a task ends). */
  lastLines(count: number): string[] {
    const text = this.#range(Math.max(0, this.#written - 4096), this.#written);
    return text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .slice(-count);
  }

  #tailStart(): number {
    return this.#written - this.#tailBytes;
  }

  /** Output positions [start, end) as text; a stretch neither the file nor the tail holds is a note. */
  #range(start: number, end: number): string {
    const parts: string[] = [];
    const headEnd = Math.min(end, this.#inFile);
    if (start < headEnd) parts.push(this.#readFile(start, headEnd));
    const tailStart = this.#tailStart();
    const gapStart = Math.max(start, this.#inFile);
    const gapEnd = Math.min(end, tailStart);
    if (gapEnd > gapStart) parts.push(`\n… [${gapEnd - gapStart} bytes of output not kept] …\n`);
    const fromTail = Math.max(start, tailStart);
    if (fromTail < end) {
      const tail = Buffer.concat(this.#tail);
      parts.push(tail.subarray(fromTail - tailStart, end - tailStart).toString("utf8"));
    }
    return parts.join("");
  }

  #readFile(start: number, end: number): string {
    const buffer = Buffer.alloc(end - start);
    let fd: number | undefined;
    try {
      fd = openSync(this.path, "r");
      const read = readSync(fd, buffer, 0, buffer.length, start);
      return buffer.subarray(0, read).toString("utf8");
    } catch {
      return `\n… [${end - start} bytes: ${this.path} could not be read] …\n`;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}
