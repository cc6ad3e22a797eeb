/**
 * An MCP client transport over a child process's stdin/stdout that, unlike
 * the SDK's StdioClientTransport, owns the child's whole process group: a
 * server started through `sh -c`, a wrapper script or npx dies with its
 * children when the transport closes.
 *
 * Reading: lines are parsed as the SDK's ReadBuffer would (JSON, then its
 * parseJSONRPCMessage), except a well-formed progress notification, checked
 * by its exact shape and passed on without the zod parse (a flood sends
 * thousands a second). After each full chunk (64 KB, ~300 notifications: the
 * pipe is backed up) it pauses until setImmediate, so keystrokes and frames
 * are not queued behind a flood.
 */
import { spawn, type ChildProcess } from "node:child_process";
import {
  parseJSONRPCMessage,
  serializeMessage,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  type JSONRPCMessage,
  type Transport,
} from "@modelcontextprotocol/client";
import { isProgressNotification } from "./progress-router.ts";
import { newMarker, SERVER_MARKER } from "../../processes/markers.ts";
import type { ProcessGroups } from "../../processes/process-groups.ts";
import { endGroup } from "../../processes/group-stop.ts";
import { MiniCcError } from "../../errors.ts";

/** How long a server gets between SIGTERM and SIGKILL when its transport closes. */
const KILL_GRACE_MS = 2000;

/** What to run and where its stderr goes. */
export interface StdioProcessOptions {
  command: string;
  /** The command as its entry writes it (`${BIN}`), for messages: the expanded one may hold a secret. Defaults to `command`. */
  shownCommand?: string;
  args: readonly string[];
  /** The complete environment of the child. */
  env: Record<string, string>;
  cwd: string;
  /** An open file descriptor for the child's stderr, or "ignore". */
  stderr: number | "ignore";
  groups: ProcessGroups;
  killGraceMs?: number;
}

/** How a stdio server's connection ended, in words a user can act on. */
export interface ExitReport {
  code: "server-exited" | "line-too-long";
  /** "server exited (code 1)", "server killed by SIGKILL", "result larger than the 10 MB line limit". */
  reason: string;
  /** Whether the server's last stderr line is worth adding (not when we killed it ourselves). */
  stderrExplains: boolean;
}

/** A transport that can say how its server ended. */
export interface DescribesExit {
  describeExit(): ExitReport | undefined;
}

/** The SDK's cap on one stdout line (one JSON-RPC message), as users read it. */
const LINE_LIMIT_MB = Math.round(STDIO_DEFAULT_MAX_BUFFER_SIZE / (1024 * 1024));

/** True for a transport that implements DescribesExit. */
export function describesExit(transport: unknown): transport is DescribesExit {
  return typeof (transport as Partial<DescribesExit> | null)?.describeExit === "function";
}

/** A spawn failure as the manager shows it: the code, not Node's message, which quotes the expanded command. */
function spawnFailure(command: string, error: NodeJS.ErrnoException): MiniCcError {
  if (error.code === "ENOENT") return new MiniCcError("command-not-found", `command not found: ${command}`);
  if (error.code === "EACCES") return new MiniCcError("not-executable", `cannot execute ${command}: permission denied`);
  return new MiniCcError("spawn-failed", `cannot start ${command}: ${error.code ?? "spawn failed"}`);
}

/** The stdio transport mini-cc uses for every `command` server. */
export class StdioProcessTransport implements Transport, DescribesExit {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #options: StdioProcessOptions;
  /** The pieces of a line not yet complete, joined once it ends (joining at every chunk would copy a long line again each time). */
  #partial: Buffer[] = [];
  #partialBytes = 0;
  /** In the server's environment and its descendants': finds those that left its group after it is gone (processes/process-table.ts). */
  readonly #marker = newMarker();
  #child: ChildProcess | undefined;
  #exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** When it was spawned (ms since the epoch): a released server's grace counts from here. */
  #startedAt = 0;
  /** Set when we ended the connection because a message outgrew the line limit. */
  #overflowed = false;
  #closing: Promise<void> | undefined;
  #closedNotified = false;

  constructor(options: StdioProcessOptions) {
    this.#options = options;
  }

  /** The child's pid (also its process group id) once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /**
   * Never a stream (stderr goes to the server's log file). Present because the SDK tells a
   * stdio transport by its `pid` and `stderr`: there, a server silent to server/discover
   * is an older one, reached with initialize, not an outage.
   */
  get stderr(): null {
    return null;
  }

  start(): Promise<void> {
    if (this.#child) return Promise.reject(new Error("StdioProcessTransport already started"));
    const { command, args, env, cwd, stderr, groups, shownCommand = command } = this.#options;
    return new Promise((resolve, reject) => {
      const child = spawn(command, [...args], {
        cwd,
        env: { ...env, [SERVER_MARKER]: this.#marker },
        detached: true, // its own process group, killed as one
        stdio: ["pipe", "pipe", stderr],
        windowsHide: true,
      });
      this.#child = child;
      this.#startedAt = Date.now();
      let spawned = false;
      child.once("spawn", () => {
        spawned = true;
        if (child.pid !== undefined) groups.add(child.pid, this.#marker);
        resolve();
      });
      child.on("error", (error: NodeJS.ErrnoException) => {
        if (!spawned) reject(spawnFailure(shownCommand, error));
        else this.onerror?.(error);
      });
      child.once("exit", (code, signal) => {
        this.#exit = { code, signal };
      });
      child.once("close", () => {
        // The leader is gone; whatever it left behind in the group goes too.
        if (spawned) void this.close();
        else this.#notifyClosed();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.#receive(chunk));
    });
  }

  #receive(chunk: Buffer): void {
    if (this.#partialBytes + chunk.length > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
      // Without this the user would only read "Connection closed".
      this.#dropPartial();
      this.#overflowed = true;
      this.onerror?.(new Error(`ReadBuffer exceeded maximum size of ${STDIO_DEFAULT_MAX_BUFFER_SIZE} bytes`));
      void this.close();
      return;
    }
    const firstEnd = chunk.indexOf(10);
    if (firstEnd === -1) {
      this.#partial.push(chunk);
      this.#partialBytes += chunk.length;
    } else {
      const offset = this.#partialBytes;
      const data = offset > 0 ? Buffer.concat([...this.#partial, chunk]) : chunk;
      this.#dropPartial();
      let start = 0;
      for (let end = offset + firstEnd; end !== -1; end = data.indexOf(10, start)) {
        const line = data.toString("utf8", start, end > start && data[end - 1] === 13 ? end - 1 : end);
        start = end + 1;
        let message: JSONRPCMessage;
        try {
          const parsed: unknown = JSON.parse(line);
          message = isProgressNotification(parsed) ? parsed : parseJSONRPCMessage(parsed);
        } catch (error) {
          // A non-protocol line on stdout: report it and keep reading.
          this.onerror?.(error as Error);
          continue;
        }
        this.onmessage?.(message);
      }
      if (start < data.length) {
        this.#partial.push(data.subarray(start));
        this.#partialBytes = data.length - start;
      }
    }
    // A full chunk means the pipe is backed up (a flood): let the event loop breathe before the next.
    // A shorter one emptied the pipe; pausing then would only delay the next answer (~0.2 ms a call).
    const stdout = this.#child?.stdout;
    if (stdout && chunk.length >= stdout.readableHighWaterMark && !stdout.isPaused()) {
      stdout.pause();
      setImmediate(() => stdout.resume());
    }
  }

  #dropPartial(): void {
    this.#partial = [];
    this.#partialBytes = 0;
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin || this.#closing || !stdin.writable) return Promise.reject(new Error("Not connected"));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** Ends stdin, then SIGTERM to the group and SIGKILL after the grace period. */
  close(): Promise<void> {
    this.#closing ??= this.#terminate();
    return this.#closing;
  }

  /**
   * Leaves a server that is still starting to finish on its own, at the end of a run: a
   * cold `npx -y` killed mid-install would be cold again next time. Its stdin is ended (a
   * server exits at EOF once it reads it), its group is forgotten (nothing kills it at
   * exit), and nothing here keeps mini-cc's event loop alive; the child, in its own
   * process group, is reaped by Node while mini-cc runs and by init after. One that is
   * still there `graceMs` after its start (it never read its stdin) is killed by the
   * reaper its groups hand it to (processes/release-reaper.ts).
   */
  release(graceMs: number): Promise<void> {
    const child = this.#child;
    if (!child || child.pid === undefined || this.#closing) return this.close();
    this.#closing = Promise.resolve();
    try {
      child.stdin?.end();
    } catch {
      // Already closed.
    }
    this.#options.groups.release(child.pid, this.#marker, this.#startedAt + graceMs);
    for (const stream of [child.stdin, child.stdout]) (stream as { unref?: () => void } | null)?.unref?.();
    child.unref();
    this.#dropPartial();
    this.#notifyClosed();
    return this.#closing;
  }

  async #terminate(): Promise<void> {
    const child = this.#child;
    const pgid = child?.pid;
    if (child && pgid !== undefined) {
      try {
        child.stdin?.end();
      } catch {
        // Already closed: nothing to flush.
      }
      await endGroup(pgid, {
        variable: SERVER_MARKER,
        marker: this.#marker,
        graceMs: this.#options.killGraceMs ?? KILL_GRACE_MS,
        leaderExit: (ms) => this.#leaderExit(child, ms),
      });
      this.#options.groups.delete(pgid);
    }
    this.#dropPartial();
    this.#notifyClosed();
  }

  /** Resolves when the group's leader has exited, or after `ms`. */
  #leaderExit(child: ChildProcess, ms: number): Promise<void> {
    if (this.#exit || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  #notifyClosed(): void {
    if (this.#closedNotified) return;
    this.#closedNotified = true;
    this.onclose?.();
  }

  /** Why the connection ended, or undefined while the server runs. */
  describeExit(): ExitReport | undefined {
    if (this.#overflowed) {
      return {
        code: "line-too-long",
        reason: `result larger than the ${LINE_LIMIT_MB} MB line limit`,
        stderrExplains: false,
      };
    }
    if (!this.#exit) return undefined;
    const { code, signal } = this.#exit;
    const reason = signal ? `server killed by ${signal}` : `server exited (code ${code ?? "?"})`;
    return { code: "server-exited", reason, stderrExplains: true };
  }
}
