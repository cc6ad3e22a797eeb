/**
 * Writes a session as it happens: one JSON line per event, appended to
 * `<home>/projects/<key>/<id>.jsonl` (0600, folders 0700), never rewritten.
 * Each line is one write, so a kill loses at most the line being written;
 * `sync` (at the end of every turn) makes the turn durable. The file is made
 * on the first entry: a session that never said anything leaves nothing.
 */
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../fs/atomic-write.ts";
import {
  SESSION_FORMAT_VERSION,
  type ConversationEntry,
  type ModelEntry,
  type SessionLine,
} from "./session-entries.ts";
import { errorText } from "../errors.ts";

export interface SessionLogOptions {
  file: string;
  sessionId: string;
  cwd: string;
  /** The model named in the header. */
  model: () => string;
  /** ISO time of each line; the system clock by default. */
  now?: () => Date;
  /** Told once when the log cannot be written; the session goes on. */
  warn: (message: string) => void;
}

export class SessionLog {
  readonly file: string;
  readonly #options: SessionLogOptions;
  #fd: number | undefined;
  #failed = false;
  #unsynced = false;
  #opened = false;

  constructor(options: SessionLogOptions) {
    this.file = options.file;
    this.#options = options;
  }

  /** Whether anything has been written this run. */
  get started(): boolean {
    return this.#opened;
  }

  append(entry: ConversationEntry | ModelEntry): void {
    const fd = this.#open();
    if (fd === undefined) return;
    this.#write(fd, { ...entry, time: this.#time() } as SessionLine);
  }

  /** Flushes what was written to the disk (end of a turn). */
  sync(): void {
    if (this.#fd === undefined || !this.#unsynced) return;
    this.#unsynced = false;
    try {
      fsyncSync(this.#fd);
    } catch (error) {
      this.#fail(error);
    }
  }

  close(): void {
    this.sync();
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #open(): number | undefined {
    if (this.#fd !== undefined || this.#failed) return this.#fd;
    try {
      mkdirSync(dirname(this.file), { recursive: true, mode: PRIVATE_DIR_MODE });
      const fd = openSync(this.file, "a+", PRIVATE_FILE_MODE);
      this.#fd = fd;
      this.#opened = true;
      const size = fstatSync(fd).size;
      if (size === 0) {
        const { sessionId, cwd, model } = this.#options;
        this.#write(fd, {
          type: "session",
          version: SESSION_FORMAT_VERSION,
          sessionId,
          cwd,
          model: model(),
          time: this.#time(),
        });
      } else if (!endsWithNewline(fd, size)) {
        // A line torn by a kill stays a line of its own (skipped when read), not the start of the next one.
        writeSync(fd, "\n");
      }
      return fd;
    } catch (error) {
      this.#fail(error);
      return undefined;
    }
  }

  #write(fd: number, line: SessionLine): void {
    try {
      writeSync(fd, `${JSON.stringify(line)}\n`);
      this.#unsynced = true;
    } catch (error) {
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    const why = errorText(error);
    this.#options.warn(`cannot save this session to ${this.file}: ${why}`);
  }

  #time(): string {
    return (this.#options.now?.() ?? new Date()).toISOString();
  }
}

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}
