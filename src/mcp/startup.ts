/**
 * When a server's process runs: `"startup"` in its entry, else `MCP_STARTUP`
 * for all (`eager`, the default, or `lazy`). A lazy server with a cached tool
 * list starts on its first call, and stops after `"idleTimeoutMs"` idle.
 */
import type { ServerEntry } from "../config/types.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** True when `entry` starts on its first call rather than with the session. */
export function isLazy(entry: ServerEntry, env: Env): boolean {
  return (entry.startup ?? (env.MCP_STARTUP?.trim().toLowerCase() === "lazy" ? "lazy" : "eager")) === "lazy";
}

/** How long a lazy server may sit idle before it is stopped; 0: never (the default, and always for eager ones). */
export function idleStopMs(entry: ServerEntry, env: Env): number {
  return isLazy(entry, env) ? (entry.idleTimeoutMs ?? 0) : 0;
}
