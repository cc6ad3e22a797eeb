/**
 * One server under the supervisor, from the begin() or connect() that takes it
 * on to the stop() or close() that ends it: its connection, the connect attempt
 * now current, what acts on it later (its reconnect series, idle and stale-list
 * timers), whether its background connect is held, and what it left in the
 * tool cache. Ending the run ends all of it at once.
 *
 * Each attempt has its own AbortSignal, aborted when something supersedes it (a
 * newer attempt, the wait before a reconnect, a stop, close()): an old attempt's
 * late result (a slow handshake, a loss, a tools/list_changed) finds its signal
 * aborted and is dropped. A restart is a new run, so nothing of the old one can
 * land in it.
 */
import type { Clock } from "../clock.ts";
import type { ServerConnection } from "./connection/server-connection.ts";
import { IdleTimer } from "./state/idle-stop.ts";
import { type ReconnectPolicy, ReconnectSeries } from "./state/reconnect-policy.ts";
import { StillStarting } from "./state/still-starting.ts";
import type { CachedServer } from "./tools/cache.ts";
import { whileFresh } from "./tools/fresh-lists.ts";

export class ServerRun {
  readonly name: string;
  /** The live connection, or the one in its handshake (so that close() meanwhile kills it). */
  connection: ServerConnection | undefined;
  /** A connect the user asked for, while it runs: a call to a cached server waits for it. */
  connecting: Promise<void> | undefined;
  /** A cached eager server whose background connect waits for releaseBackground(). */
  held = false;
  /** What the server offered at its last live connect: a tool-list change rewrites the cache from it. */
  cached: CachedServer | undefined;
  /** The attempts after a loss, and the pending one's timer. */
  readonly reconnects: ReconnectSeries;
  /** A lazy server's stop once no call has run for its idle timeout. */
  readonly idle: IdleTimer;
  /** Who waits for the first connect, woken if it goes on past its connect timeout. */
  readonly stillStarting: StillStarting;
  readonly #clock: Clock;
  #attempt = new AbortController();
  /** Cancels the start due when a still-fresh cached list goes stale. */
  #stale: (() => void) | undefined;
  #idleMs: number | undefined;

  constructor(name: string, clock: Clock, reconnect: ReconnectPolicy) {
    this.name = name;
    this.#clock = clock;
    this.reconnects = new ReconnectSeries(reconnect, clock);
    this.idle = new IdleTimer(clock);
    this.stillStarting = new StillStarting(clock);
  }

  /** Supersedes the current attempt, whose late results are then dropped; returns the next one's signal. */
  supersede(): AbortSignal {
    this.#attempt.abort();
    this.#attempt = new AbortController();
    return this.#attempt.signal;
  }

  /** True when `cached` is fresh: it is served as it is, and `onStale` runs once it no longer is. */
  serveFresh(cached: CachedServer, onStale: () => void): boolean {
    this.#stale?.();
    this.#stale = whileFresh(this.#clock, cached, () => {
      this.#stale = undefined;
      onStale();
    });
    return this.#stale !== undefined;
  }

  /** The server's idle timeout (0: never stopped), read once per run. */
  idleMs(read: () => number): number {
    this.#idleMs ??= read();
    return this.#idleMs;
  }

  /**
   * Ends the run: its attempt superseded, its timers cancelled, its cache record
   * dropped. Returns its connection, for the caller to close (or release).
   */
  end(): ServerConnection | undefined {
    this.#attempt.abort();
    this.reconnects.reset();
    this.idle.cancel();
    this.#stale?.();
    this.#stale = undefined;
    this.held = false;
    this.cached = undefined;
    const connection = this.connection;
    this.connection = undefined;
    return connection;
  }
}
