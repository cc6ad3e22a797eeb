/**
 * Opening one server's connection (its MCP session): a header line in its stderr log (stdio),
 * its transport, its message log, the handshake under its connect timeout.
 * The supervisor calls it for each connect attempt; the SDK loads with it.
 */
import type { LoggingLevel, Root } from "@modelcontextprotocol/client";
import { isRemote, type ServerConfig } from "../../config/types.ts";
import type { Clock } from "../../clock.ts";
import { commandLine } from "../../config/describe.ts";
import { isMiniCcError, type MiniCcError } from "../../errors.ts";
import type { ReadableStore } from "../../store.ts";
import { closeServerLog, lastLogLine, openServerLog, serverLogPath, type OpenedLog } from "../logs/stderr-log.ts";
import { ServerMessageLog } from "../logs/message-log.ts";
import { DECLINE_ALL, type ServerRequestHandlers } from "../requests/server-requests.ts";
import type { ServerFeatures } from "../state/server-state.ts";
import { connectTimeoutMs, keepaliveIntervalMs, startupGraceMs } from "../timeouts.ts";
import { ServerConnection } from "./server-connection.ts";
import { tasksEnabled } from "./client-capabilities.ts";
import type { ConnectedServer } from "./connected-server.ts";
import type { ToolList } from "./tool-list.ts";
import type { TransportContext, TransportFactory } from "./transports.ts";

/** What starting one session needs from the supervisor. */
export interface OpenRequest {
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
export async function openConnection(
  request: OpenRequest,
): Promise<{ connection: ServerConnection; server: ConnectedServer }> {
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
    // A stdio server past its connect timeout goes on starting in the background (the supervisor says so) up to the grace.
    const limit = remote
      ? connectTimeoutMs(request.context.env, config.resolved)
      : startupGraceMs(request.context.env, config.resolved);
    const start = async (legacyOnly: boolean) => {
      const messages = new ServerMessageLog({
        path: safeLogPath(request.logDir, config.name),
        watchSize: opened !== undefined,
        clock,
        onWarnings: (logWarnings) => request.onFeaturesChanged?.({ logWarnings }),
      });
      const connection = new ServerConnection({
        transport: request.factory(config, {
          ...request.context,
          stderr: opened?.fd ?? "ignore",
          ...(opened ? { logPath: opened.path } : {}),
        }),
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
        legacyOnly,
        tasks: tasksEnabled(request.context.env),
        // A stdio server silent to server/discover is an older one: half its connect timeout is left for initialize.
        ...(remote
          ? {}
          : { probeTimeoutMs: Math.max(1, Math.floor(connectTimeoutMs(request.context.env, config.resolved) / 2)) }),
      });
      request.onCreated(connection);
      return { connection, server: await connection.open(limit) };
    };
    try {
      return await start(false);
    } catch (error) {
      // Some older servers end on any request before initialize: started once more, without server/discover.
      if (!isMiniCcError(error, "closed-on-discover")) throw error;
      return await start(true);
    }
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
