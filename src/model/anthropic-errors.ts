/**
 * What the SDK throws, sorted once: whether trying again may help (and how
 * long the server asked us to wait), and the one-line MiniCcError the user
 * reads when it will not.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "@anthropic-ai/sdk";
import { MiniCcError, isMiniCcError, type ErrorCode, errorText } from "../errors.ts";
import type { RetryReason } from "./model.ts";
import { retryAfterMs, type RetryableFailure } from "./retry-policy.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";

export function abortedError(): MiniCcError {
  return new MiniCcError("aborted", "model request aborted");
}

/** No event for the idle limit (MINI_CC_STREAM_IDLE_MS). */
export function stalledError(idleMs: number): MiniCcError {
  const span = idleMs < 1000 ? `${idleMs} ms` : `${Math.round(idleMs / 1000)} s`;
  return new MiniCcError("request-timeout", `Anthropic API stream sent nothing for ${span}`);
}

const REASON_BY_TYPE: Record<string, RetryReason> = {
  overloaded_error: "overloaded",
  rate_limit_error: "rate-limit",
  api_error: "server-error",
  timeout_error: "server-error",
};

/** The failure to retry, or undefined when trying again cannot fix it (400, 401, 403, 404, 413, a bad tool input). */
export function retryableFailure(error: unknown, now: number): RetryableFailure | undefined {
  if (error instanceof APIUserAbortError) return undefined;
  // Before APIError, whose subclass it is (with no status): a refused, reset or closed connection
  // ("other side closed" from a load balancer, before any header) or a timed-out request.
  if (error instanceof APIConnectionError) return { reason: "connection" };
  if (error instanceof APIError) {
    const shouldRetry = error.headers?.get("x-should-retry");
    if (shouldRetry === "false") return undefined;
    const byType = error.type !== undefined && error.type !== null ? REASON_BY_TYPE[error.type] : undefined;
    const status = typeof error.status === "number" ? error.status : undefined;
    const reason =
      status === 529
        ? "overloaded"
        : (byType ??
          (status === 429
            ? "rate-limit"
            : status === 408 || status === 409
              ? "connection"
              : status !== undefined && status >= 500
                ? "server-error"
                : shouldRetry === "true"
                  ? "server-error"
                  : undefined));
    if (reason === undefined) return undefined;
    const after = retryAfterMs(error.headers, now);
    return after === undefined ? { reason } : { reason, retryAfterMs: after };
  }
  if (isMiniCcError(error, "incomplete-response")) return { reason: "stream-cut" };
  if (isMiniCcError(error)) return undefined;
  // fetch's body reader: "terminated" (the socket closed mid-stream), ECONNRESET and the like.
  if (isBrokenSocket(error)) return { reason: "stream-cut" };
  return undefined;
}

function isBrokenSocket(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code ?? "";
    if (current.message === "terminated" || /^(ECONNRESET|EPIPE|ECONNABORTED|UND_ERR_)/.test(code)) return true;
  }
  return false;
}

const HINTS: Record<string, { code: ErrorCode; hint?: string }> = {
  authentication_error: { code: "authentication", hint: "check ANTHROPIC_API_KEY" },
  permission_error: { code: "permission-denied", hint: "this API key may not use this model or feature" },
  not_found_error: { code: "model-not-found", hint: "check ANTHROPIC_MODEL (or --model) and ANTHROPIC_BASE_URL" },
  rate_limit_error: { code: "rate-limit", hint: "rate limited; wait a moment and try again" },
  overloaded_error: { code: "overloaded", hint: "the API is overloaded; try again shortly" },
  api_error: { code: "server-error", hint: "the API had an internal error; try again" },
  invalid_request_error: { code: "invalid-request" },
};

const TYPE_BY_STATUS: Record<number, string> = {
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  529: "overloaded_error",
  400: "invalid_request_error",
};

/** Turns whatever the SDK threw into a one-line MiniCcError the transcript can show. */
export function toModelError(error: unknown, signal: AbortSignal, baseURL: string): MiniCcError {
  if (isMiniCcError(error)) return error;
  if (error instanceof APIUserAbortError || signal.aborted) return abortedError();
  if (error instanceof APIConnectionTimeoutError) {
    return new MiniCcError("request-timeout", `Anthropic API request to ${baseURL} timed out`);
  }
  if (error instanceof APIConnectionError) {
    return new MiniCcError(
      "connection",
      `cannot reach the Anthropic API at ${baseURL}: ${rootCause(error)} — check your network and ANTHROPIC_BASE_URL`,
    );
  }
  if (error instanceof APIError) {
    const status = typeof error.status === "number" ? error.status : undefined;
    const type =
      error.type ??
      (status !== undefined ? (TYPE_BY_STATUS[status] ?? (status >= 500 ? "api_error" : undefined)) : undefined);
    const known = type !== undefined ? HINTS[type] : undefined;
    const detail = shown(
      typeof error.apiMessage === "string" ? error.apiMessage : error.message.replace(/^\d+\s+/, ""),
    );
    const label = status !== undefined ? `Anthropic API error ${status}` : "Anthropic API error";
    const hint = known?.hint !== undefined ? ` — ${known.hint}` : "";
    return new MiniCcError(known?.code ?? "api-error", `${label}: ${detail}${hint}`);
  }
  if (isBrokenSocket(error))
    return new MiniCcError("incomplete-response", `Anthropic API stream broke off: ${rootCause(error as Error)}`);
  const message = errorText(error);
  return new MiniCcError("api-error", `Anthropic API request failed: ${shown(message)}`);
}

/** The same error, saying how many times it was tried. */
export function afterRetries(error: MiniCcError, retries: number): MiniCcError {
  if (retries === 0) return error;
  return new MiniCcError(
    error.code,
    `${error.message} (gave up after ${retries} ${retries === 1 ? "retry" : "retries"})`,
    { cause: error },
  );
}

// fetch wraps the socket error (e.g. "connect ECONNREFUSED 127.0.0.1:9") two causes deep.
function rootCause(error: Error): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return shown(errorText(current));
}

/** The most of a message from the API (or the network) shown: a 400 can quote a 10 MB request back. */
const MAX_SHOWN_ERROR_CHARS = 2_000;

/**
 * An error text as the user reads it, wherever (stderr, the result, the TUI, the saved session):
 * one line, its first MAX_SHOWN_ERROR_CHARS characters, and no control character a terminal would obey.
 */
function shown(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= MAX_SHOWN_ERROR_CHARS) return terminalSafeLine(line);
  // Cut between code points, never inside a surrogate pair.
  const high = line.charCodeAt(MAX_SHOWN_ERROR_CHARS - 1);
  const end = high >= 0xd800 && high <= 0xdbff ? MAX_SHOWN_ERROR_CHARS - 1 : MAX_SHOWN_ERROR_CHARS;
  return `${terminalSafeLine(line.slice(0, end))}… (${(line.length - end).toLocaleString("en-US")} more characters)`;
}
