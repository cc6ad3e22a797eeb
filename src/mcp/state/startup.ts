/**
 * When a server's process runs: `"startup"` in its entry, else `MCP_STARTUP`
 * for all (`eager`, the default, or `lazy`). A lazy server with a cached tool
 * list starts on its first call, and stops after `"idleTimeoutMs"` idle.
 */
import type { ServerEntry } from "../../config/types.ts";
import { MAX_TIMER_MS } from "../timeouts.ts";
import type { Env } from "../../env.ts";

/** True when `entry` starts on its first call rather than with the session. */
export function isLazy(entry: ServerEntry, env: Env): boolean {
  return (entry.startup ?? (env.MCP_STARTUP?.trim().toLowerCase() === "lazy" ? "lazy" : "eager")) === "lazy";
}

/** How long a lazy server may sit idle before it is stopped; 0: never (the default, and always for eager ones). */
export function idleStopMs(entry: ServerEntry, env: Env): number {
  // setTimeout fires at once past its limit: a huge idle time means "practically never", not "now".
  return isLazy(entry, env) ? Math.min(entry.idleTimeoutMs ?? 0, MAX_TIMER_MS) : 0;
}

/** A warning for an MCP_STARTUP that is neither eager nor lazy (servers then start eagerly); undefined when fine. */
export function startupEnvProblem(env: Env): string | undefined {
  const value = env.MCP_STARTUP?.trim().toLowerCase();
  if (value === undefined || value === "" || value === "eager" || value === "lazy") return undefined;
  return `MCP_STARTUP=${JSON.stringify(env.MCP_STARTUP)} is not "eager" or "lazy"; servers start eagerly`;
}
