/**
 * Whether a tool call that met a restarted remote server may be sent again on
 * the new session. A streamable-HTTP server that forgot our session refused
 * the request unread (404, or 400 naming the session): safe to send again
 * once the new session is up, which is at once. A refused connection means
 * the server is down: its error stands, and the reconnect series (with
 * backoff) brings the server back for the next call. A connection that broke
 * while the call was under way may have run it: only a read-only tool is sent
 * again; any other fails saying the server restarted.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { isMiniCcError } from "../../errors.ts";
import { isConnectionLoss } from "./keepalive.ts";

/** retry: send again once the new session is up; report: say it restarted, not sent again; keep: the result stands. */
export type CallVerdict = "retry" | "report" | "keep";

/** The server is not there at all: waiting for it would hold the call for the reconnect's backoff. */
const DOWN_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);

const codeOf = (value: unknown): unknown => (value instanceof Error ? (value as { code?: unknown }).code : undefined);

/** For a remote server's failed call: what its error (as ServerConnection.callTool threw it) allows. */
export function retryVerdict(error: unknown, readOnly: boolean): CallVerdict {
  if (isMiniCcError(error)) return error.code === "session-expired" ? "retry" : "keep";
  // The session closed under the call (its loss was noticed meanwhile): it may have run.
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) return readOnly ? "retry" : "report";
  // The same test that reports the server lost, so a retry always waits for a new session.
  if (!isConnectionLoss(error)) return "keep";
  const code = codeOf(error) ?? codeOf((error as Error).cause) ?? codeOf(((error as Error).cause as Error | undefined)?.cause);
  if (typeof code === "string" && DOWN_CODES.has(code)) return "keep";
  return readOnly ? "retry" : "report";
}
