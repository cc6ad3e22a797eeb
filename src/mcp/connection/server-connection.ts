/**
 * One server's live MCP session: its start (stderr log header, transport,
 * handshake under a deadline), its tool list (all pages, refreshed on
 * list_changed), tool calls, and telling the manager when the server goes
 * away on its own: a stdio server's exit closes the transport; a remote one
 * is noticed by keepalive pings and connection-level call failures
 * (keepalive.ts).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type GetPromptResult,
  type LoggingLevel,
  type Progress,
  type ReadResourceResult,
  type Root,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { isRemote, type ServerConfig } from "../../config/types.ts";
import type { Clock } from "../../clock.ts";
import { closeServerLog, lastLogLine, openServerLog, serverLogPath, type OpenedLog } from "../logs/stderr-log.ts";
import type { McpToolInfo, ServerFeatures, SkippedTool } from "../state/server-state.ts";
import { CLIENT_CAPABILITIES, CLIENT_INFO } from "./client-capabilities.ts";
import { announceRootChanges, fetchLists, installFeatureHandlers } from "../features/server-features.ts";
import { ServerMessageLog } from "../logs/message-log.ts";
import type { ReadableStore } from "../../store.ts";
import { describeError } from "./describe-error.ts";
import { isConnectionLoss, Keepalive, KEEPALIVE_TIMEOUT_MS } from "./keepalive.ts";
import { describesExit } from "./stdio-transport.ts";
import { connectTimeoutMs, formatSeconds, keepaliveIntervalMs, MAX_TIMER_MS } from "../timeouts.ts";
import { commandLine } from "../../config/describe.ts";
import type { TransportContext, TransportFactory } from "./transports.ts";
import { isMiniCcError, MiniCcError } from "../../errors.ts";
import { nestedDeeperThan } from "../../fs/json-path.ts";
import { DECLINE_ALL, type ServerRequestHandlers } from "../requests/server-requests.ts";
import { ProgressDeadline, ProgressRouter } from "./progress-router.ts";
import { installServerRequestHandlers } from "../requests/handlers.ts";

/** What a successful handshake yields. */
/** A server's tools/list: the tools offered to the model, and those left out with the reason. */
export interface ToolList {
  tools: McpToolInfo[];
  skippedTools: SkippedTool[];
}

export interface ConnectedServer extends ToolList {
  instructions: string;
  /** Negotiated capabilities, resources, templates and prompts. */
  features: ServerFeatures;
  /** What the server said of itself in initialize (kept in the tool cache). */
  serverInfo?: { name: string; version: string };
}

/** How one tool call is bounded and what it reports while it runs. */
export interface ToolCallOptions {
  signal: AbortSignal;
  /** The deadline between progress notifications (ms). */
  timeoutMs: number;
  /** The deadline however much progress arrives (ms). */
  maxTotalTimeoutMs: number;
  onProgress: (progress: Progress) => void;
}

/** What ServerConnection needs from the outside. */
export interface ServerConnectionOptions {
  transport: Transport;
  clock: Clock;
  /** The line of stderr that best explains a death ("" when none). */
  stderrReason: () => Promise<string>;
  /** The server went away by itself after connecting; called at most once. */
  onLost: (failure: MiniCcError) => void;
  /** The server announced a new tool list and we fetched it. */
  onToolsChanged: (list: ToolList) => void;
  /** An http/sse server: a tool call failing at the connection level counts as a loss. */
  remote?: boolean;
  /** Ping the server this often once connected (ms); 0 or absent: never (stdio exits are seen anyway). */
  keepaliveMs?: number;
  /** Our roots, answered on roots/list and announced when they change. */
  roots?: ReadableStore<readonly Root[]>;
  /** Resources, templates or prompts changed on the server and were fetched again. */
  onListsChanged?: (lists: ServerFeatures) => void;
  /** Where the server's notifications/message lines go; closed with the session. */
  messageLog?: ServerMessageLog;
  /** Sent with logging/setLevel when the server declares logging. */
  logLevel?: LoggingLevel;
  /** Who answers the server's elicitation and sampling requests, and the server's name they are asked under. */
  serverRequests?: { server: string; handlers: ServerRequestHandlers };
}

export { describeError };

/** Servers may paginate tools/list; this bounds a server that never stops. */
const MAX_TOOL_PAGES = 100;
/** The SDK's own request deadline sits just past ours, so ours always decides. */
const SDK_DEADLINE_SLACK_MS = 1000;

/** Why a remote server counts as lost, in one line: a 404 means it forgot our session (it restarted). */
function lossReason(error: unknown): string {
  return error instanceof StreamableHTTPError && error.code === 404 ? "session not found (HTTP 404)" : describeError(error);
}

/**
 * A streamable-HTTP server that no longer knows our session: 404 (the spec's
 * answer), or 400 naming the session (what many servers built on the SDK's
 * examples send after a restart). The request was refused unread.
 */
export function isSessionExpired(error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError)) return false;
  return error.code === 404 || (error.code === 400 && /session/i.test(error.message));
}

function sessionExpired(error: StreamableHTTPError): MiniCcError {
  return new MiniCcError("session-expired", `the server restarted and no longer knows this session (HTTP ${error.code})`, { cause: error });
}

/** The SDK's rejection of every pending request when the transport closes. */
const isConnectionClosed = (error: unknown) => error instanceof McpError && error.code === ErrorCode.ConnectionClosed;

/**
 * Input schemas nested deeper than this are refused: no real tool needs it, and
 * the recursive code that validates and sends schemas would overflow the stack.
 */
export const MAX_SCHEMA_DEPTH = 64;

/** Why a listed tool cannot be offered to the model; undefined when it can. */
function skipReason(tool: Tool): string | undefined {
  if (nestedDeeperThan(tool.inputSchema, MAX_SCHEMA_DEPTH)) return `input schema nested deeper than ${MAX_SCHEMA_DEPTH} levels`;
  // Offered, it would only fail with -32600: a plain tools/call is refused for it.
  if (tool.execution?.taskSupport === "required") return "requires task-based execution (MCP tasks), which mini-cc does not run";
  return undefined;
}

/** The SDK's Tool as the store keeps it: defaults filled, only known annotations. */
function toToolInfo(tool: Tool): McpToolInfo {
  const a = tool.annotations ?? {};
  const annotations: McpToolInfo["annotations"] = {};
  const title = a.title ?? tool.title;
  if (typeof title === "string") annotations.title = title;
  for (const key of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
    if (typeof a[key] === "boolean") annotations[key] = a[key];
  }
  return {
    name: tool.name,
    description: tool.description ?? "",
    inputSchema: (tool.inputSchema as Record<string, unknown> | undefined) ?? { type: "object", properties: {} },
    annotations,
  };
}

/** A client bound to one transport for the whole session. */
export class ServerConnection {
  readonly #client = new Client(CLIENT_INFO, { capabilities: CLIENT_CAPABILITIES });
  readonly #options: ServerConnectionOptions;
  #connected = false;
  #closing: Promise<void> | undefined;
  /** Set before the client closes: some transports report the close synchronously, before #closing is assigned. */
  #closed = false;
  #lost = false;
  #keepalive: Keepalive | undefined;
  #exitFailureOnce: Promise<MiniCcError> | undefined;
  #stopRoots = () => {};
  readonly #progress = new ProgressRouter();

  constructor(options: ServerConnectionOptions) {
    this.#options = options;
    this.#client.onclose = () => {
      if (this.#connected && !this.#closed && !this.#lost) void this.#reportLost();
    };
    installFeatureHandlers(this.#client, {
      roots: options.roots,
      onListsChanged: (lists) => options.onListsChanged?.(lists),
      onLogMessage: (message) => options.messageLog?.add(message),
    });
    if (options.serverRequests) installServerRequestHandlers(this.#client, options.serverRequests.server, options.serverRequests.handlers);
    this.#client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      try {
        this.#options.onToolsChanged(await this.#listTools());
      } catch {
        // A failed refresh keeps the list we have; a dead server is reported by onclose.
      }
    });
  }

  /** Handshake and tool list within `timeoutMs`; on any failure the transport is closed (and its processes killed). */
  async open(timeoutMs: number): Promise<ConnectedServer> {
    const controller = new AbortController();
    let cancelTimer = () => {};
    const deadline = new Promise<never>((_, reject) => {
      cancelTimer = this.#options.clock.setTimeout(() => {
        reject(new MiniCcError("connect-timeout", `connection timed out after ${formatSeconds(timeoutMs)}`));
        controller.abort();
      }, timeoutMs);
    });
    const options = { signal: controller.signal, timeout: Math.min(timeoutMs + SDK_DEADLINE_SLACK_MS, MAX_TIMER_MS) };
    const handshake = (async () => {
      await this.#client.connect(this.#options.transport, options);
      this.#progress.install(this.#options.transport);
      const [list, lists] = await Promise.all([this.#listTools(options), fetchLists(this.#client, options)]);
      const capabilities = this.#client.getServerCapabilities();
      const info = this.#client.getServerVersion();
      return {
        ...list,
        instructions: this.#client.getInstructions() ?? "",
        features: { ...(capabilities ? { capabilities } : {}), ...lists },
        ...(info ? { serverInfo: { name: info.name, version: info.version } } : {}),
      };
    })();
    try {
      const server = await Promise.race([handshake, deadline]);
      this.#connected = true;
      this.#startKeepalive();
      this.#stopRoots = announceRootChanges(this.#client, this.#options.roots);
      this.#setLogLevel(server.features);
      return server;
    } catch (error) {
      const failure = isMiniCcError(error) ? error : await this.#explain(error);
      await this.close();
      throw failure;
    } finally {
      cancelTimer();
    }
  }

  /** Asks for the level we want, without waiting: a server that ignores it still serves. */
  #setLogLevel(features: ServerFeatures): void {
    const level = this.#options.logLevel;
    if (!level || !features.capabilities?.logging) return;
    void this.#client.setLoggingLevel(level).catch(() => {});
  }

  async #listTools(options?: { signal?: AbortSignal; timeout?: number }): Promise<ToolList> {
    const list: ToolList = { tools: [], skippedTools: [] };
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const result = await this.#client.listTools(cursor === undefined ? undefined : { cursor }, options);
      for (const tool of result.tools) {
        // One bad tool is left out, said why; the server's other tools still serve.
        const reason = skipReason(tool);
        if (reason === undefined) list.tools.push(toToolInfo(tool));
        else list.skippedTools.push({ name: tool.name, reason });
      }
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return list;
  }

  /** A handshake failure in one line: how the process ended and its last words, or what the SDK said. */
  async #explain(error: unknown): Promise<MiniCcError> {
    return (await this.#exitFailure()) ?? new MiniCcError("handshake-failed", describeError(error));
  }

  /**
   * How a stdio server's connection ended, with its last stderr line when that helps
   * ("server exited (code 7): Error: asked to die"); undefined while it runs, or for remote servers.
   * Computed once: the loss report and a failing call ask together.
   */
  #exitFailure(): Promise<MiniCcError | undefined> {
    const transport = this.#options.transport;
    const exit = describesExit(transport) ? transport.describeExit() : undefined;
    if (!exit) return Promise.resolve(undefined);
    this.#exitFailureOnce ??= (async () => {
      const line = exit.stderrExplains ? await this.#options.stderrReason() : "";
      return new MiniCcError(exit.code, line ? `${exit.reason}: ${line}` : exit.reason);
    })();
    return this.#exitFailureOnce;
  }

  async #reportLost(): Promise<void> {
    this.#lose((await this.#exitFailure()) ?? new MiniCcError("connection-lost", "connection closed"));
  }

  /** Pings a connected remote server on its interval; a failed or unanswered ping is a loss. */
  #startKeepalive(): void {
    const intervalMs = this.#options.keepaliveMs ?? 0;
    if (intervalMs <= 0) return;
    const timeout = Math.min(KEEPALIVE_TIMEOUT_MS + SDK_DEADLINE_SLACK_MS, MAX_TIMER_MS);
    this.#keepalive = new Keepalive({
      clock: this.#options.clock,
      intervalMs,
      timeoutMs: KEEPALIVE_TIMEOUT_MS,
      ping: (signal) => this.#client.ping({ signal, timeout }),
      onFailed: (error) => {
        if (isSessionExpired(error)) return this.#lose(sessionExpired(error as StreamableHTTPError));
        this.#lose(isMiniCcError(error) ? error : new MiniCcError("ping-failed", `ping failed: ${lossReason(error)}`));
      },
    });
    this.#keepalive.start();
  }

  /** Tells the manager once that the server is gone, unless we are closing it ourselves. */
  #lose(failure: MiniCcError): void {
    if (this.#lost || this.#closed) return;
    this.#lost = true;
    this.#keepalive?.stop();
    this.#options.onLost(failure);
  }

  /**
   * Calls a tool; rejects on protocol errors, timeouts (`timeoutMs` between
   * progress notifications, `maxTotalTimeoutMs` in all) and aborts. A remote server unreachable at the connection level
   * is also reported lost, so the reconnect series gives the next call a chance.
   */
  async callTool(name: string, args: Record<string, unknown>, call: ToolCallOptions): Promise<CallToolResult> {
    const { signal, timeoutMs, maxTotalTimeoutMs, onProgress } = call;
    // Our own progress token, its notifications routed past the SDK (progress-router.ts), so the
    // SDK keeps only the total deadline; the one between notifications is kept here, as cheaply.
    const between = new ProgressDeadline(timeoutMs, signal);
    const progress = this.#progress.register((p) => {
      between.progressed();
      onProgress(p);
    });
    try {
      const options = { signal: between.signal, timeout: maxTotalTimeoutMs };
      return (await this.#client.callTool({ name, arguments: args, _meta: { progressToken: progress.token } }, undefined, options)) as CallToolResult;
    } catch (error) {
      if (this.#options.remote && this.#connected && isSessionExpired(error)) {
        // Refused unread: the manager opens a new session and may send the call again.
        const failure = sessionExpired(error as StreamableHTTPError);
        this.#lose(failure);
        throw failure;
      }
      // A token that stopped working mid-session (refresh rejected): the server waits for a login.
      if (isMiniCcError(error, "needs-auth")) this.#lose(error);
      if (this.#options.remote && this.#connected && isConnectionLoss(error)) this.#lose(new MiniCcError("connection-lost", lossReason(error)));
      // The SDK's "Connection closed" says nothing; how the server ended does.
      if (isConnectionClosed(error)) throw (await this.#exitFailure()) ?? error;
      throw error;
    } finally {
      progress.unregister();
      between.stop();
    }
  }

  /** resources/read; rejects on protocol errors, the timeout and the abort. */
  readResource(uri: string, options: { signal?: AbortSignal; timeout: number }): Promise<ReadResourceResult> {
    return this.#client.readResource({ uri }, options);
  }

  /** prompts/get with the arguments as typed. */
  getPrompt(name: string, args: Record<string, string>, options: { signal?: AbortSignal; timeout: number }): Promise<GetPromptResult> {
    return this.#client.getPrompt({ name, arguments: args }, options);
  }

  /** Closes the session and stops its keepalive; for stdio this kills the server's process group. */
  close(): Promise<void> {
    this.#closed = true;
    this.#keepalive?.stop();
    this.#stopRoots();
    this.#options.messageLog?.close();
    this.#closing ??= this.#client.close().catch(() => {});
    return this.#closing;
  }
}

/** What starting one session needs from the manager. */
export interface SessionRequest {
  config: ServerConfig;
  factory: TransportFactory;
  /** Everything the transport needs but its stderr, which goes to the log opened here. */
  context: Omit<TransportContext, "stderr" | "logPath">;
  /** Where `mcp-<name>.log` goes. */
  logDir: string;
  clock: Clock;
  /** Ends the log's header line, e.g. "reconnect attempt 2". */
  note?: string;
  onLost: (failure: MiniCcError) => void;
  onToolsChanged: (list: ToolList) => void;
  /** Resources, templates, prompts or recent warnings changed. */
  onFeaturesChanged?: (features: ServerFeatures) => void;
  roots?: ReadableStore<readonly Root[]>;
  logLevel?: LoggingLevel;
  /** Gets the connection before its handshake, so a close() meanwhile can kill it. */
  onCreated: (connection: ServerConnection) => void;
  /** Who answers the server's elicitation and sampling requests; unanswered (declined) when absent. */
  serverRequests?: ServerRequestHandlers;
}

/**
 * Starts a server once: a header line in its stderr log (stdio), its
 * transport, the handshake under its connect timeout. Rejects with a
 * MiniCcError (or the transport factory's error) on failure.
 */
export async function openSession(request: SessionRequest): Promise<{ connection: ServerConnection; server: ConnectedServer }> {
  const { config, clock } = request;
  let log: OpenedLog | undefined;
  try {
    if (!isRemote(config.resolved) && !isRemote(config.entry)) {
      // The entry as written: the log is kept for good, and an expanded `${TOKEN}` in args is a secret.
      const command = commandLine(config.entry);
      const header = request.note ? `${command} (${request.note})` : command;
      try {
        log = openServerLog(request.logDir, config.name, header, new Date(clock.now()));
      } catch {
        // A home we cannot write (read-only, full) costs the log, not the server: its stderr is discarded.
        log = undefined;
      }
    }
    const opened = log;
    const remote = isRemote(config.resolved);
    const messages = new ServerMessageLog({
      path: safeLogPath(request.logDir, config.name),
      watchSize: opened !== undefined,
      clock,
      onWarnings: (logWarnings) => request.onFeaturesChanged?.({ logWarnings }),
    });
    const connection = new ServerConnection({
      transport: request.factory(config, { ...request.context, stderr: opened?.fd ?? "ignore", ...(opened ? { logPath: opened.path } : {}) }),
      clock,
      stderrReason: () => (opened ? lastLogLine(opened.path, opened.start) : Promise.resolve("")),
      onLost: request.onLost,
      onToolsChanged: request.onToolsChanged,
      onListsChanged: (lists) => request.onFeaturesChanged?.(lists),
      messageLog: messages,
      roots: request.roots,
      logLevel: request.logLevel,
      remote,
      keepaliveMs: remote ? keepaliveIntervalMs(request.context.env) : 0,
      serverRequests: { server: config.name, handlers: request.serverRequests ?? DECLINE_ALL },
    });
    request.onCreated(connection);
    return { connection, server: await connection.open(connectTimeoutMs(request.context.env, config.resolved)) };
  } finally {
    // The child keeps its own descriptor; ours is only for the header.
    if (log) closeServerLog(log);
  }
}

function safeLogPath(logDir: string, name: string): string | undefined {
  try {
    return serverLogPath(logDir, name);
  } catch {
    return undefined;
  }
}
