/**
 * The one error type mini-cc throws on purpose: a one-line message for the
 * user and a `code` from one union, so callers decide by code, never by
 * class or message text. Anything else that reaches a catch is a bug or a
 * library's own failure.
 */

export type ErrorCode =
  // The command line.
  | "usage" // a mistake in `mini-cc` or `mini-cc mcp` arguments: shown with the usage, exit status 2
  | "command-failed" // a `mini-cc mcp` subcommand that cannot do what was asked: exit status 1
  | "not-a-terminal" // the interactive UI started without a terminal on stdin
  // Config files and the --mcp-config flag.
  | "invalid-mcp-config" // a --mcp-config value that is neither a readable config file nor inline JSON
  | "invalid-json" // a config file that does not parse: never overwritten
  | "invalid-shape" // valid JSON, but not where servers can be read or written
  | "unreadable" // the file exists but cannot be read
  | "invalid-entry" // a server entry of the wrong shape
  | "invalid-name" // a server name to add has characters other than letters, digits, _ and -
  | "exists" // adding a name the scope already has, without force
  | "not-found" // removing a name no scope has
  | "ambiguous" // removing a name several scopes have, without a scope
  // Files mini-cc keeps or reads.
  | "home-file-unmovable" // a home file (approvals, OAuth…) that cannot be used and cannot be moved aside either
  | "lock-timeout" // another process held a file lock for too long
  | "repository-settings" // a rule to remember would go into a settings file the repository carries
  // Permissions.
  | "unknown-permission-mode"
  | "invalid-tool-rule"
  // Built-in tools.
  | "invalid-tool-input" // the model's input for a tool has the wrong shape
  | "tool-aborted" // Esc or Ctrl-C stopped a tool call
  | "scan-timeout" // Grep's pattern ran past the time limit (catastrophic backtracking)
  // The model.
  | "script-not-found"
  | "invalid-script"
  | "script-exhausted"
  | "script-expectation-failed"
  | "aborted" // the request was cancelled
  | "request-timeout"
  | "connection" // the API could not be reached
  | "authentication"
  | "permission-denied"
  | "model-not-found"
  | "rate-limit"
  | "overloaded"
  | "server-error"
  | "invalid-request"
  | "api-error" // any other API failure
  | "incomplete-response" // the stream ended before the message was complete
  | "invalid-response" // a tool input that is not JSON
  // MCP servers.
  | "command-not-found" // a stdio server's command does not exist
  | "not-executable"
  | "spawn-failed"
  | "connect-timeout"
  | "server-exited" // the server process ended during the handshake, or after it
  | "line-too-long" // a stdio server sent one message past the SDK's 10 MB line limit
  | "handshake-failed"
  | "input-required" // a 2026-07-28 server's input_required result mini-cc will not answer (endless rounds, a huge requestState, an unknown resultType)
  | "task-failed" // an MCP task (the Tasks extension) failed, asked what mini-cc cannot answer, or was not followed
  | "closed-on-discover" // a stdio server ended on server/discover (2026-07-28's first request): started again and reached with initialize
  | "connection-lost" // a connected server's transport closed, or its network path went away
  | "ping-timeout"
  | "ping-failed"
  | "needs-auth" // a remote server answered 401 and no stored login got past it: `mcp login NAME`
  | "auth-failed" // a step of an OAuth login (discovery, registration, callback, token exchange) failed
  | "session-expired" // a streamable-HTTP server no longer knows our session (it restarted)
  | "headers-helper-failed" // an entry's headersHelper command failed or printed something other than a JSON object
  | "sandbox-unavailable" // a server that must run sandboxed, where the sandbox cannot run (no bubblewrap, no user namespaces…)
  | "sandbox-failed" // the sandbox runtime could not start or wrap the server
  | "connect-failed"; // anything else that kept a server from connecting

/** Details some errors carry beside their message. */
export interface ErrorDetails {
  /** The file concerned, when there is one. */
  readonly file?: string;
  /** The error this one explains. */
  readonly cause?: unknown;
}

/**
 * Marks every MiniCcError, whichever copy of this module made it: the UI's
 * bundle (dist/tui.cjs) has its own copy, and errors cross from it to the CLI.
 */
const MINI_CC_ERROR = Symbol.for("mini-cc.error");

/** A failure with a one-line message naming the file, field, server or flag concerned. */
export class MiniCcError extends Error {
  readonly [MINI_CC_ERROR] = true;
  readonly code: ErrorCode;
  // Declared only: an error without details has no such own properties.
  declare readonly file?: string;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "MiniCcError";
    this.code = code;
    if (details.file !== undefined) this.file = details.file;
  }
}

/** Whether `error` is a MiniCcError (with `code`, when given). */
export function isMiniCcError(error: unknown, code?: ErrorCode): error is MiniCcError {
  return (
    error instanceof Error && MINI_CC_ERROR in error && (code === undefined || (error as MiniCcError).code === code)
  );
}

/** A mistake on the command line: one line, shown with the usage, exit status 2, nothing started. */
export function usageError(message: string, details?: ErrorDetails): MiniCcError {
  return new MiniCcError("usage", message, details);
}

/** An error's own message, or a thrown value as text: how an error becomes words, everywhere. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Why something failed in one line, for the panel, /mcp and the model: the error's message, with its cause's ("fetch failed: connect ECONNREFUSED …"). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error));
  const cause = error.cause instanceof Error && error.cause.message ? `: ${error.cause.message}` : "";
  return oneLine(`${error.message}${cause}`);
}
