/**
 * What a server's connection (server-connection.ts) is handed: its transport and clock, how it
 * reports a loss and list changes, and what it answers the server with.
 */
import type { LoggingLevel, Root, Transport } from "@modelcontextprotocol/client";
import type { Clock } from "../../clock.ts";
import type { MiniCcError } from "../../errors.ts";
import type { ReadableStore } from "../../store.ts";
import type { ServerMessageLog } from "../logs/message-log.ts";
import type { ServerRequestHandlers } from "../requests/server-requests.ts";
import type { ServerFeatures } from "../state/server-state.ts";
import type { ToolList } from "./tool-list.ts";

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
  /** Reach the server with initialize without asking server/discover first (it ended on it before). */
  legacyOnly?: boolean;
  /** How long a stdio server may stay silent to server/discover before it counts as an older one, reached with initialize. */
  probeTimeoutMs?: number;
  /** Declare the Tasks extension and follow tasks (MINI_CC_DISABLE_MCP_TASKS=1 turns it off); on when absent. */
  tasks?: boolean;
}
