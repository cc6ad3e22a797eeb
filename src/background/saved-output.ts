/**
 * An earlier run's output file (a resumed session's background task): read as a live one is, through the
 * same read and lastLines, though nothing writes it now.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";

/** An earlier run's output file, read as a live one is (OutputFile's read and lastLines); nothing writes it now. */
export class SavedOutput {
  readonly path: string;
  readonly bytesWritten: number;

  constructor(path: string) {
    this.path = path;
    this.bytesWritten = fileSize(path);
  }

  read(from: number, maxBytes: number): { text: string; to: number } {
    const to = this.bytesWritten;
    const start = Math.min(Math.max(0, from), to);
    if (to - start <= maxBytes) return { text: this.#range(start, to), to };
    const half = Math.floor(maxBytes / 2);
    const note = `\n\n… [${to - start - 2 * half} bytes left out here; the output file holds the rest: ${this.path}] …\n\n`;
    return { text: `${this.#range(start, start + half)}${note}${this.#range(to - half, to)}`, to };
  }

  lastLines(count: number): string[] {
    return this.#range(Math.max(0, this.bytesWritten - 4096), this.bytesWritten)
      .split("\n")
      .filter((line) => line.trim() !== "")
      .slice(-count);
  }

  #range(start: number, end: number): string {
    if (end <= start) return "";
    const buffer = Buffer.alloc(end - start);
    let fd: number | undefined;
    try {
      fd = openSync(this.path, "r");
      return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, start)).toString("utf8");
    } catch {
      return "";
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}

export function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
