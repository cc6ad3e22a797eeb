/**
 * A file's lines found without copying the file: one buffer, reused, is read
 * a chunk at a time and each line shown where it lies in it. Opening a long
 * saved session costs a few reads this way, where reading it whole (a fresh
 * megabyte, then a string of it) took longer than drawing its first frame.
 */
import { readSync } from "node:fs";

/** Bytes read at a time; a longer line grows the buffer. */
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * Calls `visit(bytes, start, end, offset)` for each line of the first `size`
 * bytes of `fd`, in order: the line is `bytes[start, end)` without its newline,
 * and `offset` is where `bytes[0]` is in the file. `bytes` is reused: a
 * visitor keeps offsets or what it decoded, never the buffer.
 */
export function scanLines(
  fd: number,
  size: number,
  visit: (bytes: Buffer, start: number, end: number, offset: number) => void,
): void {
  let buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size));
  for (let position = 0; position < size; ) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, size - position), position);
    if (read === 0) return; // shortened meanwhile: what is left is not there to read
    const bytes = read === buffer.length ? buffer : buffer.subarray(0, read);
    const last = position + read >= size;
    let start = 0;
    for (let newline = bytes.indexOf(NEWLINE); newline >= 0; newline = bytes.indexOf(NEWLINE, start)) {
      visit(bytes, start, newline, position);
      start = newline + 1;
    }
    if (last) {
      if (start < read) visit(bytes, start, read, position);
      return;
    }
    // A line runs past this chunk: read again from its start, in a larger buffer when it alone fills this one.
    if (start === 0) buffer = Buffer.allocUnsafe(buffer.length * 2);
    position += start;
  }
}

/** Bytes `[start, end)` of `fd`. */
export function readRange(fd: number, start: number, end: number): Buffer {
  const bytes = Buffer.allocUnsafe(end - start);
  let done = 0;
  while (done < bytes.length) {
    const read = readSync(fd, bytes, done, bytes.length - done, start + done);
    if (read === 0) break;
    done += read;
  }
  return done === bytes.length ? bytes : bytes.subarray(0, done);
}
