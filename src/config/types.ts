/**
 * Server entries in Claude Code's `.mcp.json` format, and where each came from.
 * The zod schema that validates them lives in schema.ts.
 */
import type { SandboxSetting } from "./sandbox-field.ts";

/** `managed`: the organisation's managed-mcp.json (src/settings/managed-policy.ts); starts without asking. */
export type ServerSource = "user" | "project" | "local" | "flag" | "managed";

/** Fields beyond Claude Code's that any entry may carry. */
interface EntryExtras {
  /** Connect timeout for this server, ms (overrides MCP_TIMEOUT). */
  timeout?: number;
  /** "lazy": offered from the tool cache, started on its first call (overrides MCP_STARTUP). */
  startup?: "eager" | "lazy";
  /** A lazy server idle this long (ms) is stopped, and started again on the next call. */
  idleTimeoutMs?: number;
  /** false: its tools' readOnlyHint no longer lets them run without asking (mcp/tools/read-only-trust.ts). */
  trustReadOnlyHint?: boolean;
  /** "agents": kept out of the main conversation, started for the agents that name it (mcp/agent-servers.ts). */
  scope?: "agents";
}

/** Which of a server's tools are offered (exact names or `*` globs on the server's own names); exclude wins. */
export interface ToolFilterFields {
  /** Only these tools are offered when present. */
  includeTools?: string[];
  /** These tools are never offered nor callable. */
  excludeTools?: string[];
}

export interface StdioEntry extends ToolFilterFields, EntryExtras {
  type?: "stdio";
  command: string;
  args?: string[];
  env?: Record<string, string>;
  /** Run it in the sandbox (connection/sandbox/): true, false, or the default profile loosened (sandbox-field.ts). */
  sandbox?: SandboxSetting;
}

/**
 * How mini-cc is known to the server's authorization server, instead of dynamic
 * registration: a client registered beforehand, or a client ID metadata document.
 */
export interface OAuthClientEntry {
  /** A pre-registered client's ID; absent when only `clientMetadataUrl` is given. */
  clientId?: string;
  clientSecret?: string;
  /** The loopback port of the redirect URI the client was registered with (any free port when absent). */
  callbackPort?: number;
  /** An https URL of a client ID metadata document, used as the client_id where the authorization server supports them. */
  clientMetadataUrl?: string;
  /** `client_credentials`: a machine client that gets its token with its ID and secret, no browser (default: `authorization_code`). */
  grantType?: "authorization_code" | "client_credentials";
  /** A machine client's PEM (PKCS#8) private key file: it authenticates with a signed JWT (`private_key_jwt`), not a secret. */
  privateKeyFile?: string;
  /** The JWS algorithm the key signs with (ES256, RS256…); needed with `privateKeyFile`. */
  signingAlgorithm?: SigningAlgorithm;
}

/** The JWS algorithms a `private_key_jwt` client may sign with (asymmetric keys only). */
export const SIGNING_ALGORITHMS = [
  "ES256",
  "ES384",
  "ES512",
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

/** The transports of a server reached by URL: streamable HTTP, SSE, WebSocket. */
export const REMOTE_TYPES = ["http", "sse", "ws"] as const;
export type RemoteType = (typeof REMOTE_TYPES)[number];

export interface RemoteEntry extends ToolFilterFields, EntryExtras {
  type: RemoteType;
  url: string;
  headers?: Record<string, string>;
  oauth?: OAuthClientEntry;
  /** A shell command whose stdout is a JSON object of headers, run before connecting and again on 401/403. */
  headersHelper?: string;
}

export type ServerEntry = StdioEntry | RemoteEntry;

/** A valid server: the entry as written (what approvals fingerprint) and as it will run. */
export interface ServerConfig {
  name: string;
  source: ServerSource;
  /** The file that declared it, or "--mcp-config". */
  file: string;
  entry: ServerEntry;
  /** `entry` after ${VAR} expansion. */
  resolved: ServerEntry;
  /** Lower scopes that declare the same name: their entries are not what runs. */
  shadows?: readonly ServerSource[];
}

/** A server as written, without its expanded entry (which may hold secrets): what the store shows everyone. */
export type WrittenServer = Omit<ServerConfig, "resolved">;

/** `server` without its expanded entry. */
export function writtenServer(server: ServerConfig): WrittenServer {
  const { resolved: _expanded, ...written } = server;
  return written;
}

/** An entry that failed validation: shown as a failed server, never started. */
export interface InvalidServer {
  name: string;
  source: ServerSource;
  file: string;
  error: string;
  shadows?: readonly ServerSource[];
}

export type DeclaredServer = ServerConfig | InvalidServer;

export function isInvalid(server: DeclaredServer): server is InvalidServer {
  return "error" in server;
}

export function isRemote(entry: ServerEntry): entry is RemoteEntry {
  return (REMOTE_TYPES as readonly unknown[]).includes(entry.type);
}
