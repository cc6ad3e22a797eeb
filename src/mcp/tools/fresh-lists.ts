/**
 * Servers offered from a tool cache record still fresh by their server's word (its tools/list
 * ttlMs, tools/cache.ts): such a server is not started until its first call, or until its list goes
 * stale, when `onStale` starts it in the background.
 */
import type { Clock } from "../../clock.ts";
import { type CachedServer, isFresh } from "./cache.ts";

export class FreshLists {
  readonly #clock: Clock;
  /** By server name: cancels the timer that fires when its list goes stale. */
  readonly #timers = new Map<string, () => void>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** True when `cached` is fresh: it is served as it is, and `onStale` runs once it no longer is. */
  serve(name: string, cached: CachedServer, onStale: () => void): boolean {
    const now = this.#clock.now();
    if (!isFresh(cached, now)) return false;
    this.forget(name);
    const cancel = this.#clock.setTimeout(
      () => {
        this.#timers.delete(name);
        onStale();
      },
      (cached.freshUntil ?? now) - now,
    );
    this.#timers.set(name, cancel);
    return true;
  }

  /** The server stopped or restarted: its stale timer goes. */
  forget(name: string): void {
    this.#timers.get(name)?.();
    this.#timers.delete(name);
  }

  forgetAll(): void {
    for (const cancel of this.#timers.values()) cancel();
    this.#timers.clear();
  }
}
