/**
 * From a server entry to an MCP transport: our process-group-owning stdio
 * transport for `command` entries, the SDK's streamable HTTP and SSE (v2,
 * which send 2026-07-28's headers) and WebSocket (v1) transports for remote ones, with OAuth for http and sse
 * (oauth/provider.ts: stored tokens and their refresh) unless the entry
 * brings its own credentials (an Authorization header, a headersHelper).
 * The SDK's WebSocket client is the platform's WebSocket, which cannot send
 * headers: a `ws` entry with headers fails with that reason rather than
 * connecting without them. McpManager takes the factory as a seam, so
 * tests can hand it in-memory transports instead.
 */
import { SSEClientTransport, StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";
// The v2 client has no WebSocket transport; the v1 SDK's speaks the same messages.
import { WebSocketClientTransport } from "@modelcontextprotocol/sdk/client/websocket.js";
import { isRemote, type ServerConfig } from "../../config/types.ts";
import type { ProcessGroups } from "../../processes/process-groups.ts";
import { StdioProcessTransport } from "./stdio-transport.ts";
import { ReissuingHttpTransport } from "./reissuing-transport.ts";
import { fetchWithHeadersHelper, runHeadersHelper } from "./headers-helper.ts";
import { headersProblem } from "../../config/header-values.ts";
import { remoteUrlProblem } from "../../config/schema.ts";
import { StoredOAuthProvider } from "./oauth/provider.ts";
import { childEnvironment } from "../../sandbox/child-env.ts";
import { SandboxedStdioTransport } from "./sandboxed-transport.ts";
import type { SandboxHost } from "../../sandbox/sandbox-host.ts";
import type { SandboxOptions } from "../../config/sandbox-field.ts";
import type { OAuthStore } from "./oauth/token-store.ts";
import type { Env } from "../../env.ts";

/** What the manager provides when it asks for a transport. */
export interface TransportContext {
  /** Where a stdio server's stderr goes: the open log file, or "ignore". */
  stderr: number | "ignore";
  /** The project directory: stdio servers start in it. */
  cwd: string;
  /** mini-cc's own environment; a full-access child inherits it less mini-cc's credentials (child-env.ts), with the entry's env on top. */
  env: Env;
  /** Where a spawned server's process group is recorded. */
  groups: ProcessGroups;
  /** Where OAuth tokens are kept; without it remote servers get no OAuth. */
  oauth?: OAuthStore;
  /** Present when this stdio server runs sandboxed: the session's sandbox and what the profile is loosened by. */
  sandbox?: { readonly host: SandboxHost; readonly options: SandboxOptions };
  /** The server's log file (what the sandbox blocks is written there). */
  logPath?: string;
}

/** Builds the (not yet started) transport for one server. */
export type TransportFactory = (server: ServerConfig, context: TransportContext) => Transport;

/** The real transports: stdio in its own process group, streamable HTTP, SSE. */
export const createTransport: TransportFactory = (server, context) => {
  const entry = server.resolved;
  // Messages quote the entry as written (`${TOKEN}`): the expanded value may be a secret.
  const written = server.entry;
  if (isRemote(entry)) {
    // After ${VAR} expansion: a variable may bring the line break the entry as written does not show.
    const badHeader = headersProblem(entry.headers);
    if (badHeader) throw new Error(badHeader);
    const requestInit: RequestInit = { headers: { ...entry.headers } };
    if (!URL.canParse(entry.url)) throw new Error(`invalid URL: ${isRemote(written) ? written.url : "(expanded)"}`);
    // The entry checks leave a template (`${VAR}`) to here; the expanded value is not quoted (it may hold a secret).
    const urlProblem = remoteUrlProblem(entry.type, entry.url, isRemote(written) ? written.url : "(expanded)");
    if (urlProblem) throw new Error(`URL ${urlProblem}`);
    const url = new URL(entry.url);
    if (entry.type === "ws") {
      if (Object.keys(entry.headers ?? {}).length > 0)
        throw new Error("headers are not supported for ws servers (the WebSocket client cannot send them)");
      return new WebSocketClientTransport(url);
    }
    const helper = entry.headersHelper;
    const fetch = helper
      ? fetchWithHeadersHelper(() =>
          runHeadersHelper({
            command: helper,
            cwd: context.cwd,
            env: {
              ...childEnvironment(context.env),
              MINI_CC_MCP_SERVER_NAME: server.name,
              MINI_CC_MCP_SERVER_URL: entry.url,
            },
          }),
        )
      : undefined;
    const hasAuthorization = Object.keys(entry.headers ?? {}).some((name) => name.toLowerCase() === "authorization");
    const authProvider =
      context.oauth && !helper && !hasAuthorization
        ? new StoredOAuthProvider({
            store: context.oauth,
            serverUrl: entry.url,
            ...(entry.oauth ? { client: entry.oauth } : {}),
          })
        : undefined;
    // The provider watches the answers for a 403 insufficient_scope (a scope step-up).
    const watched = authProvider ? authProvider.watchFetch(fetch) : fetch;
    const options = { requestInit, ...(watched ? { fetch: watched } : {}), ...(authProvider ? { authProvider } : {}) };
    return entry.type === "sse"
      ? new SSEClientTransport(url, options)
      : new ReissuingHttpTransport(new StreamableHTTPClientTransport(url, options));
  }
  const stdio = {
    command: entry.command,
    shownCommand: isRemote(written) ? entry.command : written.command,
    args: entry.args ?? [],
    env: childEnvironment(context.env, entry.env),
    cwd: context.cwd,
    stderr: context.stderr,
    groups: context.groups,
  };
  if (context.sandbox) {
    const { host, options } = context.sandbox;
    return new SandboxedStdioTransport({
      ...stdio,
      name: server.name,
      host,
      sandbox: options,
      entryEnv: entry.env ?? {},
      ...(context.logPath ? { logPath: context.logPath } : {}),
    });
  }
  return new StdioProcessTransport(stdio);
};
