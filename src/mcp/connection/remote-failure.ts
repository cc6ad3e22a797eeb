/**
 * Reading why a request to a server failed at the connection level, in one
 * place: the keepalive, a tool call and the retry after a restart all ask the
 * same questions of the same errors.
 *
 * - expired: a streamable-HTTP server no longer knows our session (404, or
 *   400 naming the session): it restarted, and refused the request unread.
 * - down: the server is not there at all (refused, unknown host, unreachable).
 * - broken: the connection broke while the request was under way (reset, a
 *   closed session, fetch failing): the request may have run.
 */
import { SdkError, SdkErrorCode, SdkHttpError } from "@modelcontextprotocol/client";
import { describeError, MiniCcError } from "../../errors.ts";

/** How a connection was lost under a request (see the file's comment). */
export type LossKind = "expired" | "down" | "broken";

/** The network path to the server is gone, and it was never there: nothing was sent. */
const DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
]);
/** The path broke under a request. */
const BROKEN_CODES = new Set(["ECONNRESET", "EPIPE", "ETIMEDOUT", "UND_ERR_SOCKET"]);

/** The `code` of an error, its cause, or its cause's cause (fetch wraps undici's error twice). */
function networkCode(error: Error): string | undefined {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 3; at = at.cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** A streamable-HTTP server that forgot our session: 404 (the spec's answer), or 400 naming the session (what servers built on the SDK's examples send). */
export function isSessionExpired(error: unknown): error is SdkHttpError {
  return (
    error instanceof SdkHttpError && (error.status === 404 || (error.status === 400 && /session/i.test(error.message)))
  );
}

/**
 * What failed under the SDK's "Version negotiation probe failed: …": the network error itself
 * (the server's first request is now server/discover, and users know "fetch failed: connect ECONNREFUSED").
 */
export function probeCause(error: unknown): unknown {
  const negotiation = error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed;
  return negotiation && error.message.startsWith("Version negotiation probe failed") && error.cause instanceof Error
    ? error.cause
    : error;
}

/** A stdio server that ended on server/discover, as servers do that end on any request before initialize. */
export function closedOnDiscover(error: unknown): boolean {
  return (
    error instanceof SdkError &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    error.message.includes("closed during the server/discover probe")
  );
}

/** The SDK's rejection of every pending request when the transport closes. */
export function isConnectionClosed(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed;
}

/**
 * How a failed request to a remote server lost its connection; undefined when
 * the server answered (with an error) and the connection stands.
 */
export function remoteLoss(error: unknown): LossKind | undefined {
  if (!(error instanceof Error)) return undefined;
  if (isSessionExpired(error)) return "expired";
  if (isConnectionClosed(error)) return "broken";
  if (error instanceof SdkHttpError) return undefined;
  // The SSE transport's POST failure is a plain Error naming the status.
  if (/\(HTTP 404\)/.test(error.message)) return "broken";
  const code = networkCode(error);
  if (code !== undefined && DOWN_CODES.has(code)) return "down";
  if (code !== undefined && BROKEN_CODES.has(code)) return "broken";
  if (error.message === "fetch failed") return "broken";
  return undefined;
}

/** Whether a failed request means the remote server is gone, not that it answered with an error. */
export function isConnectionLoss(error: unknown): boolean {
  return remoteLoss(error) !== undefined && !isConnectionClosed(error);
}

/** The failure a forgotten session is reported as. */
export function sessionExpired(error: SdkHttpError): MiniCcError {
  return new MiniCcError(
    "session-expired",
    `the server restarted and no longer knows this session (HTTP ${error.status})`,
    { cause: error },
  );
}

/** Why a remote server counts as lost, in one line: a 404 means it forgot our session (it restarted). */
export function lossReason(error: unknown): string {
  return error instanceof SdkHttpError && error.status === 404 ? "session not found (HTTP 404)" : describeError(error);
}
