/**
 * The MCP limits a user can set through the environment (DESIGN.md,
 * "Environment"), read from an env object passed in, never from process.env:
 * MCP_TIMEOUT, MCP_STARTUP_GRACE_MS, MCP_TOOL_TIMEOUT (between progress notifications),
 * MCP_TOOL_MAX_TOTAL_TIMEOUT (a call however much progress it reports), and MCP_KEEPALIVE_MS (remote servers' ping
 * interval; 0 turns the keepalive off).
 */
import type { ServerEntry } from "../config/types.ts";
import type { Env } from "../env.ts";

/** Connect timeout when neither the entry nor MCP_TIMEOUT sets one: Claude Code's 30 s. */
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** How long a stdio server still starting past its connect timeout may go on in the background: five minutes. */
const DEFAULT_STARTUP_GRACE_MS = 300_000;
/** Tool call timeout when MCP_TOOL_TIMEOUT is unset: ten minutes. */
const DEFAULT_TOOL_TIMEOUT_MS = 600_000;
/** Keepalive ping interval for http/sse servers when MCP_KEEPALIVE_MS is unset: 30 s. */
export const DEFAULT_KEEPALIVE_MS = 30_000;
/** setTimeout fires at once beyond this; longer limits are clamped to it. */
export const MAX_TIMER_MS = 2_147_483_647;

function positiveMs(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_TIMER_MS) : undefined;
}

/** The entry's `timeout`, else MCP_TIMEOUT, else 30 s. */
export function connectTimeoutMs(env: Env, entry: ServerEntry): number {
  return positiveMs(entry.timeout) ?? positiveMs(env.MCP_TIMEOUT) ?? DEFAULT_CONNECT_TIMEOUT_MS;
}

/**
 * MCP_STARTUP_GRACE_MS, else five minutes, never under the connect timeout:
 * a stdio server still starting at its connect timeout (a cold `npx -y`
 * downloading its package) keeps starting in the background until then,
 * rather than being killed into the same failure on every run.
 */
export function startupGraceMs(env: Env, entry: ServerEntry): number {
  return Math.max(connectTimeoutMs(env, entry), positiveMs(env.MCP_STARTUP_GRACE_MS) ?? DEFAULT_STARTUP_GRACE_MS);
}

/** An explicit per-call timeout, else MCP_TOOL_TIMEOUT, else 10 minutes. */
export function toolTimeoutMs(env: Env, explicit?: number): number {
  return positiveMs(explicit) ?? positiveMs(env.MCP_TOOL_TIMEOUT) ?? DEFAULT_TOOL_TIMEOUT_MS;
}

/** A call reporting progress may run this long when MCP_TOOL_MAX_TOTAL_TIMEOUT is unset: one hour. */
const DEFAULT_TOOL_MAX_TOTAL_MS = 3_600_000;

/** MCP_TOOL_MAX_TOTAL_TIMEOUT, else one hour; never less than the call's timeout between notifications. */
export function toolMaxTotalTimeoutMs(env: Env, callTimeoutMs: number): number {
  return Math.max(callTimeoutMs, positiveMs(env.MCP_TOOL_MAX_TOTAL_TIMEOUT) ?? DEFAULT_TOOL_MAX_TOTAL_MS);
}

/** MCP_KEEPALIVE_MS, else 30 s; 0 when it is "0" (no keepalive). */
export function keepaliveIntervalMs(env: Env): number {
  const raw = env.MCP_KEEPALIVE_MS;
  if (raw !== undefined && raw.trim() !== "" && Number(raw) === 0) return 0;
  return positiveMs(raw) ?? DEFAULT_KEEPALIVE_MS;
}

/** `15s`, `0.5s`, `600s`: how limits appear in messages. */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}
