/**
 * When and how long to wait before trying a Messages API request again: a
 * pure function of the failure and the attempt, so the schedule is tested
 * without a network or a real wait. Exponential backoff with jitter, as
 * Claude Code does; an overloaded API is waited out longer than a 500, and a
 * server's retry-after wins over our own guess.
 */
import type { RetryReason } from "./model.ts";

export interface RetryPolicy {
  /** Tries after the first. */
  readonly maxRetries: number;
  /** The first wait, ms; later waits double from it. */
  readonly baseDelayMs: number;
}

/** About ten attempts over a few minutes. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 10, baseDelayMs: 500 };

/** A wait never grows past this many base delays (32 s at the default base)… */
const MAX_DELAY_FACTOR = 64;
/** …or, when the API is overloaded, this many (60 s), starting twice as high. */
const MAX_OVERLOADED_FACTOR = 120;
/** A retry-after longer than this is not waited for: the request fails and says when to try again. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** A failure that trying again may fix, as the adapter classified it. */
export interface RetryableFailure {
  readonly reason: RetryReason;
  /** From the response's retry-after-ms / retry-after header, when it had one. */
  readonly retryAfterMs?: number;
}

/**
 * The wait before retry number `retry` (1 for the first); undefined
 * when no attempt is left or the server asked for a wait too long to sit through.
 * `random` in [0, 1) takes up to a quarter off, so many clients do not retry in step.
 */
export function retryDelayMs(
  failure: RetryableFailure,
  retry: number,
  policy: RetryPolicy,
  random: () => number,
): number | undefined {
  if (retry > policy.maxRetries) return undefined;
  if (failure.retryAfterMs !== undefined) {
    return failure.retryAfterMs <= MAX_RETRY_AFTER_MS ? Math.max(0, Math.round(failure.retryAfterMs)) : undefined;
  }
  const overloaded = failure.reason === "overloaded";
  const first = policy.baseDelayMs * (overloaded ? 2 : 1);
  const cap = policy.baseDelayMs * (overloaded ? MAX_OVERLOADED_FACTOR : MAX_DELAY_FACTOR);
  const full = Math.min(cap, first * 2 ** (retry - 1));
  return Math.round(full * (1 - 0.25 * random()));
}

/** retry-after-ms (ms) or retry-after (seconds, or an HTTP date), as the API and the SDK read them; undefined when absent or unreadable. */
export function retryAfterMs(
  headers: { get(name: string): string | null } | undefined,
  now: number,
): number | undefined {
  if (headers === undefined) return undefined;
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get("retry-after");
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** What the working line says: `API overloaded · retry 3/10 in 8 s`. */
export function retryStatusText(
  notice: { reason: RetryReason; retry: number; maxRetries: number },
  remainingMs: number,
): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const wait = seconds > 0 ? ` in ${seconds} s` : "";
  return `${RETRY_LABELS[notice.reason]} · retry ${notice.retry}/${notice.maxRetries}${wait}`;
}

const RETRY_LABELS: Record<RetryReason, string> = {
  overloaded: "API overloaded",
  "rate-limit": "Rate limited",
  "server-error": "API error",
  connection: "Connection lost",
  "stream-cut": "Response cut off",
  stalled: "Response stalled",
};
