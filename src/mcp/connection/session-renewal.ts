/**
 * Whether a tool call that met a restarted remote server may be sent again on
 * the new session. A streamable-HTTP server that forgot our session refused
 * the request unread: safe to send again once the new session is up, which is
 * at once. A server that is down: its error stands, and the reconnect series
 * (with backoff) brings it back for the next call. A connection that broke
 * while the call was under way may have run it: only a read-only tool is sent
 * again; any other fails saying the server restarted.
 */
import type { RequestOutcome } from "./call-outcome.ts";

/** retry: send again once the new session is up; report: say it restarted, not sent again; keep: the outcome stands. */
export type CallVerdict = "retry" | "report" | "keep";

/** For a remote server's call (or read: those are read-only): what its outcome allows. */
export function retryVerdict(outcome: RequestOutcome<unknown>, readOnly: boolean): CallVerdict {
  if (outcome.kind !== "lost" || outcome.how === "down") return "keep";
  if (outcome.how === "expired") return "retry";
  return readOnly ? "retry" : "report";
}
