/**
 * The servers' supervisor: runs each server's life while McpManager keeps
 * its state. It holds one ServerRun per server it runs (server-run.ts), in one
 * map by name: it makes connect attempts (a superseded attempt's results are
 * dropped by its run), reconnects a lost server with backoff
 * (reconnect-policy.ts), renews a forgotten streamable-HTTP session at once,
 * stops a lazy server that sat idle (idle-stop.ts), holds cached servers'
 * background connects until released, and rewrites the tool cache after each
 * connect. It reports every outcome as a lifecycle event through the
 * `dispatch` it is handed, and reads servers through `view`, as
 * ToolCallRouter does; it never touches the store itself.
 *
 * A tool list enters the state here, and only here, through the entry's
 * includeTools / excludeTools (tools/filter.ts): every reader sees the
 * tools a server offers, nothing to filter again.
 */
import type { ServerConfig } from "../config/types.ts";
import { startupGraceMs } from "./timeouts.ts";
import type { MiniCcError } from "../errors.ts";
import type { ConnectedServer } from "./connection/connected-server.ts";
import { ProcessGroups } from "../processes/process-groups.ts";
import type { ToolList } from "./connection/tool-list.ts";
import { connectAttempt, failedEvent } from "./connect-attempt.ts";
import { ServerRun } from "./server-run.ts";
import type { LifecycleEvent } from "./state/lifecycle.ts";
import { DEFAULT_RECONNECT_POLICY, type ReconnectPolicy } from "./state/reconnect-policy.ts";
import type { ServerFeatures } from "./state/server-state.ts";
import { CallsRunning } from "./state/idle-stop.ts";
import { idleStopMs, isLazy } from "./state/startup.ts";
import { cacheLoadedEvent, LiveServerCache } from "./tools/cache-offers.ts";
import { filterServerTools } from "./tools/filter.ts";
import type { SupervisorOptions } from "./supervisor-options.ts";

export type { ServersOutside, SupervisorOptions } from "./supervisor-options.ts";

export class ServerSupervisor {
  readonly #options: SupervisorOptions;
  readonly #groups = new ProcessGroups();
  readonly #policy: ReconnectPolicy;
  /** One run per server taken on (begun or connected), until its stop() or close(). */
  readonly #runs = new Map<string, ServerRun>();
  #closed = false;
  /** Calls running on each server: they hold off its idle stop. */
  readonly #calls = new CallsRunning();
  /** Writes what connected servers offered to the tool cache. */
  readonly #cache: LiveServerCache;

  constructor(options: SupervisorOptions) {
    this.#options = options;
    this.#policy = options.reconnect ?? DEFAULT_RECONNECT_POLICY;
    this.#cache = new LiveServerCache(options.toolCache, options.clock);
  }

  /** The live connection of each server, by name (ToolCallRouter reads it for each call). */
  readonly connections = { get: (name: string) => this.#runs.get(name)?.connection };

  /** After close() and before resume(): nothing starts, every late result is dropped. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Accepts work again after close() (a new listing of servers). */
  resume(): void {
    this.#closed = false;
  }

  /**
   * A server that may now run: offered from the tool cache when it has one;
   * then connected now (eager, or nothing cached) or on its first call (lazy).
   * Resolves once it is offered or has settled.
   */
  async begin(config: ServerConfig, holdBackground = false): Promise<void> {
    const { name } = config;
    const cache = this.#options.toolCache;
    const cached = cache && !this.#closed ? await cache.read(config) : undefined;
    const offered = cached !== undefined && this.#options.dispatch(name, cacheLoadedEvent(config, cached));
    if ((offered && isLazy(config.resolved, this.#options.env)) || this.#closed) return;
    const run = this.#runFor(name);
    if (offered && run.serveFresh(cached, () => this.#startIfCached(config))) return;
    if (offered && holdBackground) {
      run.held = true;
      return;
    }
    const connecting = this.connect(config);
    if (!offered) await Promise.race([connecting, run.stillStarting.wait()]);
  }

  /** Starts the background connects begin() held back (servers still cached and not connecting). */
  releaseBackground(): void {
    for (const run of [...this.#runs.values()].filter((held) => held.held)) {
      run.held = false;
      const config = this.#options.config(run.name);
      if (config) this.#startIfCached(config);
    }
  }

  /** Connects a server still offered from the cache, unless a connect is under way. */
  #startIfCached(config: ServerConfig): void {
    const cached = this.#options.view(config.name)?.state.status === "cached";
    if (cached && !this.#runs.get(config.name)?.connecting) void this.connect(config);
  }

  /** Waits for a cached server's live connect: the one under way, or (lazy, idle-stopped) one started now. */
  liveConnect(name: string): Promise<void> {
    const config = this.#options.config(name);
    return this.#runs.get(name)?.connecting ?? (config ? this.connect(config) : Promise.resolve());
  }

  /** A connect the user asked for (start, approval, restart, a lazy server's first call): a fresh reconnect series. */
  async connect(config: ServerConfig): Promise<void> {
    if (this.#closed) return;
    const run = this.#runFor(config.name);
    const attempt = this.#connectOnce(run, config);
    run.connecting = attempt;
    try {
      await attempt;
    } finally {
      if (run.connecting === attempt) run.connecting = undefined;
    }
  }

  /** Ends whatever runs for `name` (its connection, a pending reconnect); late results of it are dropped. */
  async stop(name: string): Promise<void> {
    const run = this.#runs.get(name);
    this.#runs.delete(name);
    await run?.end()?.close();
  }

  /**
   * Closes every connection, kills every server process and cancels pending reconnects; a
   * stdio server still starting (a cold `npx -y` installing) is left to finish and exit
   * by itself instead, so the next run finds it installed.
   */
  async close(): Promise<void> {
    const runs = [...this.#runs.values()];
    // Each still-starting server's startup grace: counted from its start, its bound once left to itself.
    const graces = runs.map((run) => this.#startingGrace(run));
    this.#closed = true;
    this.#runs.clear();
    const ended = runs.map((run, i) => {
      const connection = run.end();
      const grace = graces[i];
      return grace === undefined ? connection?.close() : connection?.release(grace);
    });
    await Promise.all([...ended, this.#cache.settled()]);
    // One reaper watches every server left starting, however many.
    this.#groups.reapReleased();
  }

  /** A connected-to-be server's startup grace while it is still starting; undefined for any other. */
  #startingGrace(run: ServerRun): number | undefined {
    const config = this.#options.config(run.name);
    if (!run.connection || !config || this.#options.view(run.name)?.state.status !== "pending") return undefined;
    return startupGraceMs(this.#options.env, config.resolved);
  }

  /** For process 'exit' / SIGINT / SIGTERM handlers: kills all server process groups synchronously. */
  killAllSync(): void {
    this.#groups.killAllSync();
  }

  /** Requests running on a server hold off its idle stop (handed to ToolCallRouter). */
  readonly busy = {
    started: (name: string): void => {
      this.#calls.started(name);
      this.#runs.get(name)?.idle.cancel();
    },
    ended: (name: string): void => {
      const run = this.#runs.get(name);
      if (this.#calls.ended(name) && run) this.#armIdleStop(run);
    },
  };

  #runFor(name: string): ServerRun {
    let run = this.#runs.get(name);
    if (!run) this.#runs.set(name, (run = new ServerRun(name, this.#options.clock, this.#policy)));
    return run;
  }

  async #connectOnce(run: ServerRun, config: ServerConfig): Promise<void> {
    run.reconnects.reset();
    const attempt = run.supersede();
    const failure = await this.#open(run, config, attempt);
    if (failure !== undefined && !attempt.aborted) this.#options.dispatch(run.name, failedEvent(failure));
  }

  /** One connection attempt of `run` under `attempt` (connect-attempt.ts); resolves with its failure, if any. */
  #open(run: ServerRun, config: ServerConfig, attempt: AbortSignal, note?: string): Promise<MiniCcError | undefined> {
    return connectAttempt(this.#options, this.#groups, {
      run,
      config,
      attempt,
      note,
      events: {
        onConnected: (server, connectMs) => this.#connected(run, config, server, connectMs),
        onLost: (failure) => this.#lost(run, attempt, failure),
        onToolsChanged: (list) => this.#toolsChanged(run, attempt, list),
        onFeaturesChanged: (features) => this.#featuresChanged(run, attempt, features),
      },
    });
  }

  #connected(run: ServerRun, config: ServerConfig, server: ConnectedServer, connectMs: number): void {
    run.reconnects.connected();
    const { tools, skippedTools, instructions, features } = server;
    this.#options.dispatch(run.name, {
      type: "connected",
      tools: filterServerTools(config.resolved, tools),
      skippedTools,
      instructions,
      features,
      connectMs,
    });
    run.cached = this.#cache.connected(config, server);
    this.#armIdleStop(run);
  }

  /** The server went away by itself: not our stop() or restart(), which supersede the attempt first. */
  #lost(run: ServerRun, attempt: AbortSignal, failure: MiniCcError): void {
    if (attempt.aborted) return;
    const connection = run.connection;
    run.connection = undefined;
    void connection?.close();
    run.reconnects.lost();
    if (failure.code === "needs-auth") return this.#waitForLogin(run, failure);
    this.#retry(run, { type: "lost", error: failure.message, code: failure.code }, failure);
  }

  /** No timer brings a login: the server waits in needs-auth, its late callbacks dropped. */
  #waitForLogin(run: ServerRun, failure: MiniCcError): void {
    run.reconnects.reset();
    run.supersede();
    this.#options.dispatch(run.name, failedEvent(failure));
  }

  /** Reports `failure` and what follows it: the series' next attempt on a timer, or giving up. */
  #retry(run: ServerRun, failed: LifecycleEvent, failure: MiniCcError): void {
    const config = this.#options.config(run.name);
    if (!config) return;
    // Superseding the lost connection's attempt drops its late callbacks.
    const waiting = run.supersede();
    // A forgotten session is renewed at once: the server is up, it only restarted.
    const immediate = failure.code === "session-expired";
    const next = run.reconnects.next(
      config.resolved,
      failure,
      (n, of) => void this.#reconnect(run, config, waiting, `reconnect attempt ${n} of ${of}`),
      immediate,
    );
    this.#options.dispatch(run.name, failed, next);
  }

  /** A scheduled attempt, unless a restart or close() superseded it; a failure schedules the next one. */
  async #reconnect(run: ServerRun, config: ServerConfig, waiting: AbortSignal, note: string): Promise<void> {
    if (waiting.aborted) return;
    const attempt = run.supersede();
    const failure = await this.#open(run, config, attempt, note);
    if (failure === undefined || attempt.aborted) return;
    if (failure.code === "needs-auth") this.#waitForLogin(run, failure);
    else this.#retry(run, { type: "failed", error: failure.message, code: failure.code }, failure);
  }

  #toolsChanged(run: ServerRun, attempt: AbortSignal, list: ToolList): void {
    const config = this.#options.config(run.name);
    if (!config || attempt.aborted) return;
    const { tools, skippedTools } = list;
    if (
      this.#options.dispatch(run.name, {
        type: "tools-changed",
        tools: filterServerTools(config.resolved, tools),
        skippedTools,
      })
    )
      this.#cache.toolsChanged(config, run.cached, list);
  }

  /** New resources, templates, prompts or warnings of a connected server. */
  #featuresChanged(run: ServerRun, attempt: AbortSignal, features: ServerFeatures): void {
    if (!attempt.aborted) this.#options.dispatch(run.name, { type: "features-changed", features });
  }

  /** (Re)starts a connected lazy server's idle timer; when it fires with no call running, the server stops and stays offered from its last list. */
  #armIdleStop(run: ServerRun): void {
    const { name } = run;
    const config = this.#options.config(name);
    const idleMs = config ? run.idleMs(() => idleStopMs(config.resolved, this.#options.env)) : 0;
    // Most servers never stop for idling: every call's end returns here, without a look at the snapshot.
    if (idleMs <= 0) return run.idle.cancel();
    const connected = this.#options.view(name)?.state.status === "connected" && !this.#closed;
    run.idle.arm(
      connected ? idleMs : 0,
      () => this.#calls.count(name) > 0,
      () => {
        if (this.#options.dispatch(name, { type: "idle-stopped" })) void this.stop(name);
      },
    );
  }
}
