/**
 * Shared pieces for the MCP tests: server entries, an in-memory approvals
 * record, waiting on the manager's store, and process checks.
 */
import { readFileSync } from "node:fs";
import { SdkErrorCode, SdkHttpError } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import type { RemoteEntry, ServerConfig, ServerEntry, ServerSource, StdioEntry } from "../../src/config/types.ts";
import type {
  ApprovalMode,
  ApprovalRecords,
  ApprovalStatus,
  ApprovedServer,
  PreviousApproval,
} from "../../src/mcp/approvals/approval-types.ts";
import type { McpManager } from "../../src/mcp/manager.ts";
import type { McpSnapshot, ServerState } from "../../src/mcp/state/server-state.ts";
import type { TransportFactory } from "../../src/mcp/connection/transports.ts";

/** What the v2 SDK's streamable HTTP transport throws when a POST is answered with `status`. */
export function httpError(status: number, message: string): SdkHttpError {
  return new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, message, { status });
}

/** A stdio server entry, as written and as resolved (no variables in tests). */
export function stdioServer(name: string, entry: StdioEntry, source: ServerSource = "user"): ServerConfig {
  return { name, source, file: "/project/.mcp.json", entry, resolved: entry };
}

/** An http server entry (the URL is never fetched when an in-memory factory serves it). */
export function remoteServer(
  name: string,
  entry: RemoteEntry = { type: "http", url: `http://${name}.test/mcp` },
): ServerConfig {
  return { name, source: "user", file: "/project/.mcp.json", entry, resolved: entry };
}

/** Approvals kept in memory, answering like the real store: by the entry as written. */
export class MemoryApprovals implements ApprovalRecords {
  /** By `projectDir\0name`: the entry as JSON, and how it runs. */
  readonly records = new Map<string, { entry: string; sandboxed: boolean }>();

  async status(projectDir: string, server: ApprovedServer): Promise<ApprovalStatus> {
    const stored = this.records.get(`${projectDir}\u0000${server.name}`);
    if (stored === undefined) return "new";
    return stored.entry === JSON.stringify(server.entry) ? "approved" : "changed";
  }

  async previous(projectDir: string, name: string): Promise<PreviousApproval | undefined> {
    const stored = this.records.get(`${projectDir}\u0000${name}`);
    return (
      stored && {
        fingerprint: stored.entry,
        entry: JSON.parse(stored.entry) as ServerEntry,
        ...(stored.sandboxed ? { sandboxed: true } : {}),
      }
    );
  }

  async approve(projectDir: string, server: ApprovedServer, mode: ApprovalMode = { sandboxed: false }): Promise<void> {
    this.records.set(`${projectDir}\u0000${server.name}`, {
      entry: JSON.stringify(server.entry),
      sandboxed: mode.sandboxed,
    });
  }
}

/** Resolves with the first snapshot that satisfies `test` (the current one included). */
export function waitForSnapshot(
  manager: McpManager,
  test: (s: McpSnapshot) => boolean,
  ms = 10_000,
): Promise<McpSnapshot> {
  return new Promise((resolve, reject) => {
    if (test(manager.getSnapshot())) return resolve(manager.getSnapshot());
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`snapshot never matched: ${JSON.stringify(statuses(manager.getSnapshot()))}`));
    }, ms);
    const unsubscribe = manager.subscribe((next) => {
      if (!test(next)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(next);
    });
  });
}

/** `{name: status}` for every server. */
export function statuses(snapshot: McpSnapshot): Record<string, string> {
  return Object.fromEntries(snapshot.servers.map((s) => [s.name, s.state.status]));
}

/** One server's state; throws when the server is missing. */
export function stateOf(manager: McpManager, name: string): ServerState {
  const view = manager.getSnapshot().servers.find((s) => s.name === name);
  if (!view) throw new Error(`no server ${name}`);
  return view.state;
}

/** Records each server's status sequence as the store emits it. */
export function recordTransitions(manager: McpManager): Record<string, string[]> {
  const seen: Record<string, string[]> = {};
  manager.subscribe((next) => {
    for (const view of next.servers) {
      const list = (seen[view.name] ??= []);
      if (list.at(-1) !== view.state.status) list.push(view.state.status);
    }
  });
  return seen;
}

/** Records one server's states as the store emits them: `"pending"`, `"reconnecting 2"`, `"failed: why"`, `"connected"`. */
export function recordStates(manager: McpManager, name: string): string[] {
  const seen: string[] = [];
  let last: ServerState | undefined;
  manager.subscribe((next) => {
    const state = next.servers.find((s) => s.name === name)?.state;
    if (!state || state === last) return;
    last = state;
    seen.push(describeState(state));
  });
  return seen;
}

/** A state in one short line: its status, with the attempt or the error when it has one. */
export function describeState(state: ServerState): string {
  if (state.status === "reconnecting") return `reconnecting ${state.attempt}`;
  if (state.status === "failed") return `failed: ${state.error}`;
  return state.status;
}

/** Builds an in-memory server offering `tools` (each described by its name), for memoryTransports. */
export const serverWith =
  (...tools: string[]) =>
  (): McpServer => {
    const server = new McpServer({ name: "fake", version: "1.0.0" });
    for (const tool of tools) server.registerTool(tool, { description: tool }, () => ({ content: [] }));
    return server;
  };

/**
 * Transports to in-process servers: each name maps to a function building a
 * fresh McpServer, or to "hang" (a peer that never answers). `built` counts
 * transports per server, to prove a server was never contacted.
 */
export function memoryTransports(servers: Record<string, (() => McpServer) | "hang">): {
  factory: TransportFactory;
  built: Record<string, number>;
  peers: Record<string, InMemoryTransport>;
} {
  const built: Record<string, number> = {};
  const peers: Record<string, InMemoryTransport> = {};
  const factory: TransportFactory = (config) => {
    const make = servers[config.name];
    if (!make) throw new Error(`no in-memory server ${config.name}`);
    built[config.name] = (built[config.name] ?? 0) + 1;
    const [client, server] = InMemoryTransport.createLinkedPair();
    peers[config.name] = server;
    if (make !== "hang") void make().connect(server);
    return client;
  };
  return { factory, built, peers };
}

/** Whether a process still runs (a zombie waiting to be reaped does not). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // Linux: the state follows the parenthesised command name in /proc/PID/stat.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

/** Polls until `pid` is gone or `ms` passes; returns whether it is gone. */
export async function gone(pid: number, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return !alive(pid);
}

/** Polls `test` every few ms until it holds; rejects after `ms`. For waits the store does not announce. */
export async function eventually(test: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("condition never held");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * How every RemoteLink behaves now: "up" passes messages; "refuse" fails each
 * send as fetch does against a closed port; "forgotten" answers 404 as a
 * restarted server does to an old session; "silent" loses them.
 */
export type LinkMode = "up" | "refuse" | "forgotten" | "silent";

/** The error fetch throws when nothing listens on the port. */
export function fetchRefused(): Error {
  const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
  return new TypeError("fetch failed", { cause });
}

/** A client transport in front of an in-memory one that fails as HTTP does when its server is gone: sends fail or vanish, and nothing reports a close. */
class RemoteLink implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  readonly #inner: Transport;
  readonly #mode: () => LinkMode;
  readonly #onPing: () => void;

  constructor(inner: Transport, mode: () => LinkMode, onPing: () => void) {
    this.#inner = inner;
    this.#mode = mode;
    this.#onPing = onPing;
  }

  start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => {
      if (this.#mode() === "up") this.onmessage?.(message, extra);
    };
    this.#inner.onclose = () => this.onclose?.();
    this.#inner.onerror = (error) => this.onerror?.(error);
    return this.#inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ("method" in message && message.method === "ping") this.#onPing();
    const mode = this.#mode();
    if (mode === "refuse") throw fetchRefused();
    if (mode === "forgotten") throw httpError(404, "Error POSTing to endpoint: ");
    if (mode === "up") await this.#inner.send(message, options);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}

/**
 * memoryTransports behind RemoteLinks: `control.mode` applies to every link,
 * new ones included; `pings` counts ping requests sent per server.
 */
export function remoteLinks(servers: Record<string, () => McpServer>): {
  factory: TransportFactory;
  built: Record<string, number>;
  pings: Record<string, number>;
  control: { mode: LinkMode };
} {
  const memory = memoryTransports(servers);
  const control = { mode: "up" as LinkMode };
  const pings: Record<string, number> = {};
  const factory: TransportFactory = (config, context) =>
    new RemoteLink(
      memory.factory(config, context),
      () => control.mode,
      () => void (pings[config.name] = (pings[config.name] ?? 0) + 1),
    );
  return { factory, built: memory.built, pings, control };
}
