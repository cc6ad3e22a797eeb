/**
 * A server offered from a tool cache record still fresh by its server's word (its tools/list
 * ttlMs, tools/cache.ts) is not started until its first call, or until its list goes stale,
 * when `onStale` starts it in the background.
 */
import type { Clock } from "../../clock.ts";
import { type CachedServer, isFresh } from "./cache.ts";

/**
 * When `cached` is fresh: arms the timer that runs `onStale` once it no longer is, and
 * returns its cancel (the server stopped or restarted); undefined when it is stale already.
 */
export function whileFresh(clock: Clock, cached: CachedServer, onStale: () => void): (() => void) | undefined {
  const now = clock.now();
  if (!isFresh(cached, now)) return undefined;
  return clock.setTimeout(onStale, (cached.freshUntil ?? now) - now);
}
