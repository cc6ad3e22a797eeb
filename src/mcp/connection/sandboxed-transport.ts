/**
 * A stdio server in the sandbox: the host wraps its command (the wrap is
 * asynchronous, so it happens in start()), then our process-group-owning
 * stdio transport runs the wrapped command with the profile's environment.
 * What the sandbox blocks goes to the server's log as it happens; a server
 * that dies after something was blocked says so in its failure reason, with
 * the field that would allow it.
 */
import { appendFileSync } from "node:fs";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import type { SandboxOptions } from "../../config/sandbox-field.ts";
import {
  StdioProcessTransport,
  type DescribesExit,
  type ExitReport,
  type StdioProcessOptions,
} from "./stdio-transport.ts";
import type { SandboxHost, SandboxLaunch } from "../../sandbox/sandbox-host.ts";
import { blockedReadsIn, blockedWritesIn, withSandboxNote } from "../../sandbox/violations.ts";
import { npxFetchAdvice, npxPackage, npxWillInstall } from "../../sandbox/npx-cache.ts";
import { homedir } from "node:os";

export interface SandboxedStdioOptions extends StdioProcessOptions {
  readonly name: string;
  readonly host: SandboxHost;
  readonly sandbox: SandboxOptions;
  /** The entry's own variables (the rest of `env` is mini-cc's, which the profile reduces). */
  readonly entryEnv: Readonly<Record<string, string>>;
  /** The server's log, where blocked lines go. */
  readonly logPath?: string;
}

export class SandboxedStdioTransport implements Transport, DescribesExit {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #options: SandboxedStdioOptions;
  #inner: StdioProcessTransport | undefined;
  #launch: SandboxLaunch | undefined;

  constructor(options: SandboxedStdioOptions) {
    this.#options = options;
  }

  get pid(): number | undefined {
    return this.#inner?.pid;
  }

  /** Marks a stdio transport to the SDK, as StdioProcessTransport's does. */
  get stderr(): null {
    return null;
  }

  async start(): Promise<void> {
    const { host, name, sandbox, command, args, entryEnv, logPath } = this.#options;
    const launch = await host.launch(name, { command, args, entryEnv }, sandbox);
    this.#launch = launch;
    launch.onBlocked = (line) => {
      if (!logPath) return;
      try {
        appendFileSync(logPath, `[sandbox] ${line}\n`);
      } catch {
        // A log we cannot write costs the line, not the server.
      }
    };
    const inner = new StdioProcessTransport({
      ...this.#options,
      command: launch.command,
      args: launch.args,
      env: { ...launch.env },
    });
    this.#inner = inner;
    inner.onmessage = (message) => {
      // Replies are where a server says what failed: a read of a denied path is seen only there, and a
      // refused write there first. The reply carries the sandbox's word beside the server's own error.
      if (!("result" in message || "error" in message)) return this.onmessage?.(message);
      const text = JSON.stringify(message);
      const found = [...blockedReadsIn(text, launch.profile), ...blockedWritesIn(text, launch.profile)];
      const lines = found.flatMap((blocked) => launch.note(blocked) ?? []);
      this.onmessage?.(withSandboxNote(message, lines));
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => {
      launch.dispose();
      this.onclose?.();
    };
    try {
      await inner.start();
    } catch (error) {
      launch.dispose();
      throw error;
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#inner ? this.#inner.send(message) : Promise.reject(new Error("Not connected"));
  }

  /** See StdioProcessTransport.release: the sandboxed server is left to finish starting. */
  async release(graceMs: number): Promise<void> {
    if (this.#inner) await this.#inner.release(graceMs);
    else await this.close();
  }

  async close(): Promise<void> {
    if (this.#inner) await this.#inner.close();
    else this.onclose?.();
  }

  describeExit(): ExitReport | undefined {
    const exit = this.#inner?.describeExit();
    if (!exit) return exit;
    // An `npx -y` package not yet in npm's cache: npx cannot fetch it in here (no network, the cache read-only).
    const { command, args, env } = this.#options;
    const uncached = npxWillInstall(command, args, env, env.HOME ?? homedir()) ? npxPackage(command, args) : undefined;
    if (uncached) return { ...exit, reason: `${exit.reason}; ${npxFetchAdvice(uncached.spec)}`, stderrExplains: false };
    const blocked = this.#launch?.blocked ?? [];
    if (blocked.length === 0) return exit;
    // The server's own last words still follow (stderrExplains).
    return { ...exit, reason: `${exit.reason}; the sandbox ${blocked.slice(-2).join("; ")}` };
  }
}
