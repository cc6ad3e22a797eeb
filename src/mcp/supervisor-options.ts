/**
 * What the servers' supervisor is handed: the outside world that running
 * servers touches (McpManagerOptions extends it), and the manager's dispatch
 * and views of the store.
 */
import type { Root } from "@modelcontextprotocol/client";
import type { Clock } from "../clock.ts";
import type { ServerConfig } from "../config/types.ts";
import type { Env } from "../env.ts";
import type { ReadableStore } from "../store.ts";
import type { OAuthStore } from "./connection/oauth/token-store.ts";
import type { SandboxHost } from "../sandbox/sandbox-host.ts";
import type { TransportFactory } from "./connection/transports.ts";
import type { ServerRequestHandlers } from "./requests/server-requests.ts";
import type { LifecycleEvent } from "./state/lifecycle.ts";
import type { ReconnectPolicy } from "./state/reconnect-policy.ts";
import type { ServerView } from "./state/server-state.ts";
import type { ToolCacheStore } from "./tools/cache.ts";

/** What running servers touches outside mini-cc (McpManagerOptions hands it on). */
export interface ServersOutside {
  /** The project whose `.mcp.json` approvals apply; stdio servers start in it. */
  projectDir: string;
  /** Where `mcp-<name>.log` files go (`<home>/logs`). */
  logDir: string;
  /** mini-cc's environment: MCP_TIMEOUT, MCP_TOOL_TIMEOUT, MCP_KEEPALIVE_MS, MAX_MCP_OUTPUT_TOKENS, and PATH etc. for children. */
  env: Env;
  /** Defaults to the real stdio / http / sse transports. */
  transportFactory?: TransportFactory;
  /** How a server lost after connecting is reconnected; DEFAULT_RECONNECT_POLICY when absent. */
  reconnect?: ReconnectPolicy;
  /** The OAuth file (`<home>/mcp-oauth.json`); without it remote servers get no OAuth. */
  oauth?: OAuthStore;
  /** The roots servers may ask for (roots.ts); none when absent. */
  roots?: ReadableStore<readonly Root[]>;
  /** Who answers servers' elicitation and sampling requests (server-requests.ts); without it they are declined. */
  serverRequests?: ServerRequestHandlers;
  /** Where tool lists are cached between sessions; absent: every server is connected live (`mcp list`). */
  toolCache?: ToolCacheStore;
  /** The session's sandbox (connection/sandbox/); without it a server that must run sandboxed fails. */
  sandbox?: SandboxHost;
}

/** What the supervisor is handed: the outside, the manager's dispatch and its view of each server. */
export interface SupervisorOptions extends ServersOutside {
  clock: Clock;
  /** Applies lifecycle events to one server; false (and no change) when lifecycle.ts refuses one. */
  dispatch: (name: string, ...events: LifecycleEvent[]) => boolean;
  /** The server's view in the store now. */
  view: (name: string) => ServerView | undefined;
  /** The server's config with its expanded entry (what runs), which the store does not hold. */
  config: (name: string) => ServerConfig | undefined;
  /** Whether its approval chose the sandbox (for an entry whose `"sandbox"` does not decide). */
  approvedSandboxed?: (config: ServerConfig) => Promise<boolean>;
}
