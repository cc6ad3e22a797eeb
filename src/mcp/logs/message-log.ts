/**
 * A server's `notifications/message` lines: appended to its log file
 * (`[level] logger: text`), warnings and worse also kept, the recent few, for
 * the panel. A flood costs neither the UI nor the disk: lines are written in
 * batches, warnings reported at most once a batch, and a log that reaches
 * MAX_LOG_BYTES mid-run is rotated to `<log>.1`, so it never grows past two
 * logs' worth. With `watchSize` it also checks the file every second, since
 * a stdio server's stderr goes straight into it.
 */
import { appendFileSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import type { LoggingLevel, LoggingMessageNotification } from "@modelcontextprotocol/client";
import type { Clock } from "../../clock.ts";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../fs/atomic-write.ts";
import { MAX_LOG_BYTES, rotateIfFull, rotateInPlace } from "./stderr-log.ts";
import type { ServerLogEntry } from "../state/server-state.ts";
import type { Env } from "../../env.ts";
import { terminalSafeLine } from "../../text/terminal-safe.ts";

/** Lowest to highest, as the spec orders them (RFC 5424). */
export const LOG_LEVELS: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];
/** How many warnings the panel keeps per server. */
export const MAX_KEPT_WARNINGS = 20;
/** Lines are gathered this long before one write (and one warnings report). */
export const LOG_BATCH_MS = 100;
/** One message's text is cut past this. */
const MAX_TEXT = 2000;

/** MCP_LOG_LEVEL when it names a level, else `info`. */
export function requestedLogLevel(env: Env): LoggingLevel {
  const wanted = env.MCP_LOG_LEVEL?.trim().toLowerCase();
  return LOG_LEVELS.find((level) => level === wanted) ?? "info";
}

const atLeastWarning = (level: string) => LOG_LEVELS.indexOf(level as LoggingLevel) >= LOG_LEVELS.indexOf("warning");

/** The message's data as one line of text. */
export function messageText(data: unknown): string {
  let text: string;
  if (typeof data === "string") text = data;
  else {
    try {
      text = JSON.stringify(data) ?? String(data);
    } catch {
      text = String(data);
    }
  }
  text = text.replace(/\r?\n/g, "\\n");
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

export interface ServerMessageLogOptions {
  /** The server's log file; absent: lines are only counted for warnings. */
  path?: string;
  clock: Clock;
  /** The recent warnings changed (at most once a batch). */
  onWarnings: (warnings: readonly ServerLogEntry[]) => void;
  /** Rotation threshold; MAX_LOG_BYTES by default (tests use less). */
  maxBytes?: number;
  /** Also rotate the file when something else (the server's stderr) fills it: checked every SIZE_CHECK_MS. */
  watchSize?: boolean;
}

/** How often a watched log's size is checked. */
export const SIZE_CHECK_MS = 1000;

export class ServerMessageLog {
  readonly #options: ServerMessageLogOptions;
  readonly #maxBytes: number;
  #pending: string[] = [];
  #warnings: readonly ServerLogEntry[] = [];
  #warningsChanged = false;
  #cancelFlush: (() => void) | undefined;
  #size: number | undefined;
  #closed = false;

  #sizeCheck: NodeJS.Timeout | undefined;

  constructor(options: ServerMessageLogOptions) {
    this.#options = options;
    this.#maxBytes = options.maxBytes ?? MAX_LOG_BYTES;
    if (options.watchSize && options.path) this.#sizeCheck = setInterval(() => this.checkSize(), SIZE_CHECK_MS).unref();
  }

  /** Rotates the file if it has reached the limit, whoever wrote it. */
  checkSize(): void {
    const { path } = this.#options;
    if (!path) return;
    try {
      if (rotateIfFull(path, this.#maxBytes)) this.#size = 0;
    } catch {
      // A home we cannot write costs the rotation, not the server.
    }
  }

  add(message: LoggingMessageNotification["params"]): void {
    if (this.#closed) return;
    const text = messageText(message.data);
    const logger = typeof message.logger === "string" && message.logger !== "" ? message.logger : undefined;
    const when = new Date(this.#options.clock.now()).toISOString();
    // One line each, escapes shown as text: a `cat` or `tail -f` of the log must not drive the terminal.
    this.#pending.push(
      `${when} [${terminalSafeLine(String(message.level))}]${logger ? ` ${terminalSafeLine(logger)}:` : ""} ${terminalSafeLine(text)}\n`,
    );
    if (atLeastWarning(message.level)) {
      this.#warnings = [...this.#warnings, { level: message.level, ...(logger ? { logger } : {}), text }].slice(
        -MAX_KEPT_WARNINGS,
      );
      this.#warningsChanged = true;
    }
    this.#cancelFlush ??= this.#options.clock.setTimeout(() => this.flush(), LOG_BATCH_MS);
  }

  /** Writes what is gathered and reports new warnings. */
  flush(): void {
    this.#cancelFlush?.();
    this.#cancelFlush = undefined;
    const lines = this.#pending;
    this.#pending = [];
    if (lines.length > 0) this.#write(lines.join(""));
    if (this.#warningsChanged) {
      this.#warningsChanged = false;
      this.#options.onWarnings(this.#warnings);
    }
  }

  /** Writes what is left; later messages are dropped. */
  close(): void {
    this.flush();
    this.#closed = true;
    clearInterval(this.#sizeCheck);
  }

  #write(batch: string): void {
    let chunk = batch;
    const { path } = this.#options;
    if (!path) return;
    try {
      this.#size ??= sizeOf(path);
      // One batch of a flood larger than a whole log keeps its newest half.
      if (chunk.length > this.#maxBytes)
        chunk = `[earlier log lines dropped]\n${chunk.slice(-Math.floor(this.#maxBytes / 2))}`;
      const bytes = Buffer.byteLength(chunk);
      if (this.#size > 0 && this.#size + bytes > this.#maxBytes) {
        rotateInPlace(path);
        this.#size = 0;
      }
      mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      appendFileSync(path, chunk, { mode: PRIVATE_FILE_MODE });
      this.#size += bytes;
    } catch {
      // A home we cannot write costs the log lines, not the server.
    }
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
