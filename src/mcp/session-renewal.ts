/**
 * Whether a tool call that met a restarted remote server may be sent again on
 * the new session. A streamable-HTTP server that forgot our session refused
 * the request unread (404, or 400 naming the session), and a refused
 * connection never delivered it: both are safe to send again. A connection
 * that broke while the call was under way may have run it: only a read-only
 * tool is sent again; any other fails saying the server restarted.
 */
import { isMiniCcError } from "../errors.ts";
import { isConnectionLoss } from "./keepalive.ts";

/** retry: send again once the new session is up; report: say it restarted, not sent again; keep: not a restart, the result stands. */
export type CallVerdict = "retry" | "report" | "keep";

const UNSENT_CODES = new Set(["ECONNREFUSED"]);

const codeOf = (value: unknown): unknown => (value instanceof Error ? (value as { code?: unknown }).code : undefined);

/** For a remote server's failed call: what its error (as ServerConnection.callTool threw it) allows. */
export function retryVerdict(error: unknown, readOnly: boolean): CallVerdict {
  if (isMiniCcError(error)) return error.code === "session-expired" ? "retry" : "keep";
  // The same test that reports the server lost, so a retry always waits for a new session.
  if (!isConnectionLoss(error)) return "keep";
  const code = codeOf(error) ?? codeOf((error as Error).cause) ?? codeOf(((error as Error).cause as Error | undefined)?.cause);
  if (typeof code === "string" && UNSENT_CODES.has(code)) return "retry";
  return readOnly ? "retry" : "report";
}
