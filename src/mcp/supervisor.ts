/**
 * The servers' supervisor: runs each server's life while McpManager keeps
 * its state. It makes connect attempts (each under an epoch, so the results
 * of a superseded attempt are dropped), reconnects a lost server with backoff
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
import { isRemote, type ServerConfig } from "../config/types.ts";
import { connectTimeoutMs, startupGraceMs } from "./timeouts.ts";
import { describeError, isMiniCcError, MiniCcError } from "../errors.ts";
import { ProcessGroups } from "../processes/process-groups.ts";
import type { ServerConnection } from "./connection/server-connection.ts";
import type { ToolList } from "./connection/tool-list.ts";
import type { TransportFactory } from "./connection/transports.ts";
import { sandboxLaunchFor } from "../sandbox/run-mode.ts";
import { requestedLogLevel } from "./logs/message-log.ts";
import type { LifecycleEvent } from "./state/lifecycle.ts";
import { DEFAULT_RECONNECT_POLICY, ReconnectSchedule } from "./state/reconnect-policy.ts";
import type { McpToolInfo, ServerFeatures } from "./state/server-state.ts";
import { startupSilence } from "./state/startup-silence.ts";
import { IdleStops } from "./state/idle-stop.ts";
import { idleStopMs, isLazy } from "./state/startup.ts";
import { cacheLoadedEvent, LiveServerCache } from "./tools/cache-offers.ts";
import { FreshLists } from "./tools/fresh-lists.ts";
import { StillStarting } from "./state/still-starting.ts";
import { filterServerTools } from "./tools/filter.ts";
import type { SupervisorOptions } from "./supervisor-options.ts";

export type { ServersOutside, SupervisorOptions } from "./supervisor-options.ts";

export class ServerSupervisor {
  readonly #options: SupervisorOptions;
  readonly #groups = new ProcessGroups();
  readonly #reconnects: ReconnectSchedule;
  readonly #connections = new Map<string, ServerConnection>();
  /** Bumped whenever a server's attempt is superseded: results of older attempts are dropped. */
  readonly #epochs = new Map<string, number>();
  #closed = false;
  /** A connect the user asked for, while it runs: a call to a cached server waits for it. */
  readonly #connecting = new Map<string, Promise<void>>();
  /** Lazy servers' idle timers, and the calls that hold them off. */
  readonly #idle: IdleStops;
  /** What connected servers offered, and the cache writes under way. */
  readonly #cache: LiveServerCache;
  /** Cached eager servers whose background connect waits for releaseBackground(). */
  readonly #held = new Set<string>();
  /** Each server's idle timeout, by name, once read. */
  readonly #idleTimeouts = new Map<string, number>();
  /** Who waits for a first connect that may go on past its connect timeout (begin()), woken when it does. */
  readonly #stillStarting: StillStarting;
  /** Eager servers served from a list still fresh by their server's word: each connects when it goes stale. */
  readonly #fresh: FreshLists;

  constructor(options: SupervisorOptions) {
    this.#options = options;
    this.#reconnects = new ReconnectSchedule(options.reconnect ?? DEFAULT_RECONNECT_POLICY, options.clock);
    this.#idle = new IdleStops(options.clock);
    this.#stillStarting = new StillStarting(options.clock);
    this.#cache = new LiveServerCache(options.toolCache, options.clock);
    this.#fresh = new FreshLists(options.clock);
  }

  /** The live connections by server name. */
  get connections(): ReadonlyMap<string, ServerConnection> {
    return this.#connections;
  }

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
    if (offered && isLazy(config.resolved, this.#options.env)) return;
    if (offered && this.#fresh.serve(name, cached, () => this.#startIfCached(config))) return;
    if (offered && holdBackground) {
      this.#held.add(name);
      return;
    }
    const connecting = this.connect(config);
    if (!offered) await Promise.race([connecting, this.#stillStarting.wait(name)]);
  }

  /** Starts the background connects begin() held back (servers still cached and not connecting). */
  releaseBackground(): void {
    const held = [...this.#held];
    this.#held.clear();
    for (const name of held) {
      const config = this.#options.config(name);
      if (config) this.#startIfCached(config);
    }
  }

  /** Connects a server still offered from the cache, unless a connect is under way. */
  #startIfCached(config: ServerConfig): void {
    const { name } = config;
    if (this.#options.view(name)?.state.status === "cached" && !this.#connecting.has(name)) void this.connect(config);
  }

  /** Waits for a cached server's live connect: the one under way, or (lazy, idle-stopped) one started now. */
  liveConnect(name: string): Promise<void> {
    const config = this.#options.config(name);
    return this.#connecting.get(name) ?? (config ? this.connect(config) : Promise.resolve());
  }

  /** A connect the user asked for (start, approval, restart, a lazy server's first call): a fresh reconnect series. */
  async connect(config: ServerConfig): Promise<void> {
    const attempt = this.#connectOnce(config);
    this.#connecting.set(config.name, attempt);
    try {
      await attempt;
    } finally {
      if (this.#connecting.get(config.name) === attempt) this.#connecting.delete(config.name);
    }
  }

  /** Ends whatever runs for `name` (its connection, a pending reconnect); late results of it are dropped. */
  async stop(name: string): Promise<void> {
    this.#reconnects.forget(name);
    this.#bump(name);
    this.#idle.cancel(name);
    this.#fresh.forget(name);
    this.#cache.forget(name);
    const old = this.#connections.get(name);
    this.#connections.delete(name);
    await old?.close();
  }

  /**
   * Closes every connection, kills every server process and cancels pending reconnects; a
   * stdio server still starting (a cold `npx -y` installing) is left to finish and exit
   * by itself instead, so the next run finds it installed.
   */
  async close(): Promise<void> {
    // Each still-starting server's startup grace: counted from its start, its bound once left to itself.
    const starting = new Map<string, number>();
    for (const name of this.#connections.keys()) {
      const config = this.#options.config(name);
      if (this.#options.view(name)?.state.status === "pending" && config)
        starting.set(name, startupGraceMs(this.#options.env, config.resolved));
    }
    this.#closed = true;
    this.#idleTimeouts.clear();
    this.#held.clear();
    this.#reconnects.forgetAll();
    for (const name of this.#epochs.keys()) this.#bump(name);
    this.#idle.cancelAll();
    this.#fresh.forgetAll();
    const connections = [...this.#connections.entries()];
    this.#connections.clear();
    const ended = connections.map(([name, connection]) =>
      starting.has(name) ? connection.release(starting.get(name) ?? 0) : connection.close(),
    );
    await Promise.all([...ended, this.#cache.close()]);
    // One reaper watches every server left starting, however many.
    this.#groups.reapReleased();
  }

  /** For process 'exit' / SIGINT / SIGTERM handlers: kills all server process groups synchronously. */
  killAllSync(): void {
    this.#groups.killAllSync();
  }

  /** Requests running on a server hold off its idle stop (handed to ToolCallRouter). */
  readonly busy = {
    started: (name: string): void => this.#idle.callStarted(name),
    ended: (name: string): void => {
      if (this.#idle.callEnded(name)) this.#armIdleStop(name);
    },
  };

  async #connectOnce(config: ServerConfig): Promise<void> {
    const { name } = config;
    if (this.#closed) return;
    this.#reconnects.forget(name);
    const epoch = this.#bump(name);
    const failure = await this.#open(config, epoch);
    if (failure !== undefined && this.#current(name, epoch)) this.#options.dispatch(name, failedEvent(failure));
  }

  /** One connection attempt under `epoch`: on success the server is connected; else resolves with the failure. */
  async #open(config: ServerConfig, epoch: number, note?: string): Promise<MiniCcError | undefined> {
    const { name } = config;
    const { dispatch, clock } = this.#options;
    dispatch(name, { type: "spawned" });
    const started = clock.now();
    let connection: ServerConnection | undefined;
    // A stdio server whose start may outlast its connect timeout goes on in the background (still-starting.ts).
    const connectMs = connectTimeoutMs(this.#options.env, config.resolved);
    const mayGoOn = !isRemote(config.resolved) && startupGraceMs(this.#options.env, config.resolved) > connectMs;
    const settled = this.#stillStarting.watch(
      name,
      mayGoOn ? connectMs : undefined,
      () =>
        this.#current(name, epoch) &&
        dispatch(name, {
          type: "still-starting",
          silence: startupSilence(config.resolved, connectMs, this.#options.env),
        }),
    );
    try {
      // The SDK client loads here, on first connect, not before the UI's first frame (about 90 ms).
      const [{ openConnection }, factory, sandbox] = await Promise.all([
        import("./connection/open-connection.ts"),
        this.#transports(),
        this.#sandboxFor(config),
      ]);
      if (!this.#current(name, epoch)) return undefined; // closed or restarted while loading
      const { projectDir, env, oauth } = this.#options;
      const opened = await openConnection({
        config,
        note,
        factory,
        context: {
          cwd: projectDir,
          env,
          groups: this.#groups,
          ...(oauth ? { oauth } : {}),
          ...(sandbox ? { sandbox } : {}),
        },
        logDir: this.#options.logDir,
        clock,
        onLost: (failure) => this.#lost(name, epoch, failure),
        onToolsChanged: (list) => this.#toolsChanged(name, epoch, list),
        onFeaturesChanged: (features) => this.#featuresChanged(name, epoch, features),
        roots: this.#options.roots,
        logLevel: requestedLogLevel(env),
        serverRequests: this.#options.serverRequests,
        // Registered before the handshake, so close() during a slow connect still kills it.
        onCreated: (created) => this.#connections.set(name, (connection = created)),
      });
      if (!this.#current(name, epoch)) {
        if (this.#connections.get(name) === connection) this.#connections.delete(name);
        await opened.connection.close();
        return undefined;
      }
      this.#reconnects.connected(name);
      const { tools, skippedTools, instructions, features } = opened.server;
      const connectMs = Math.round(clock.now() - started);
      dispatch(name, {
        type: "connected",
        tools: offeredTools(config, tools),
        skippedTools,
        instructions,
        features,
        connectMs,
      });
      this.#cache.connected(config, opened.server);
      this.#armIdleStop(name);
      return undefined;
    } catch (error) {
      if (connection && this.#connections.get(name) === connection) this.#connections.delete(name);
      return isMiniCcError(error) ? error : new MiniCcError("connect-failed", describeError(error));
    } finally {
      settled();
    }
  }

  /** Whether this server runs sandboxed (its entry, else its approval's choice), and in which sandbox. */
  async #sandboxFor(config: ServerConfig) {
    const approved = (await this.#options.approvedSandboxed?.(config).catch(() => false)) ?? false;
    return sandboxLaunchFor(config, approved, this.#options.sandbox);
  }

  async #transports(): Promise<TransportFactory> {
    return this.#options.transportFactory ?? (await import("./connection/transports.ts")).createTransport;
  }

  /** The server went away by itself: not our close() or restart(), which bump the epoch first. */
  #lost(name: string, epoch: number, failure: MiniCcError): void {
    if (!this.#current(name, epoch)) return;
    const connection = this.#connections.get(name);
    this.#connections.delete(name);
    void connection?.close();
    this.#reconnects.lost(name);
    if (failure.code === "needs-auth") return this.#waitForLogin(name, failure);
    this.#retry(name, { type: "lost", error: failure.message, code: failure.code }, failure);
  }

  /** No timer brings a login: the server waits in needs-auth, its late callbacks dropped. */
  #waitForLogin(name: string, failure: MiniCcError): void {
    this.#reconnects.forget(name);
    this.#bump(name);
    this.#options.dispatch(name, failedEvent(failure));
  }

  /** Reports `failure` and what follows it: the series' next attempt on a timer, or giving up. */
  #retry(name: string, failed: LifecycleEvent, failure: MiniCcError): void {
    const config = this.#options.config(name);
    if (!config) return;
    // Superseding the lost connection's epoch drops its late callbacks.
    const epoch = this.#bump(name);
    // A forgotten session is renewed at once: the server is up, it only restarted.
    const immediate = failure.code === "session-expired";
    const next = this.#reconnects.next(
      name,
      config.resolved,
      failure,
      (n, of) => void this.#reconnect(config, epoch, `reconnect attempt ${n} of ${of}`),
      immediate,
    );
    this.#options.dispatch(name, failed, next);
  }

  /** A scheduled attempt, unless a restart or close() superseded it; a failure schedules the next one. */
  async #reconnect(config: ServerConfig, scheduled: number, note: string): Promise<void> {
    const { name } = config;
    if (!this.#current(name, scheduled)) return;
    const epoch = this.#bump(name);
    const failure = await this.#open(config, epoch, note);
    if (failure === undefined || !this.#current(name, epoch)) return;
    if (failure.code === "needs-auth") this.#waitForLogin(name, failure);
    else this.#retry(name, { type: "failed", error: failure.message, code: failure.code }, failure);
  }

  #toolsChanged(name: string, epoch: number, list: ToolList): void {
    const config = this.#options.config(name);
    if (!config || !this.#current(name, epoch)) return;
    const { tools, skippedTools } = list;
    if (this.#options.dispatch(name, { type: "tools-changed", tools: offeredTools(config, tools), skippedTools }))
      this.#cache.toolsChanged(config, list);
  }

  /** New resources, templates, prompts or warnings of a connected server. */
  #featuresChanged(name: string, epoch: number, features: ServerFeatures): void {
    if (this.#current(name, epoch)) this.#options.dispatch(name, { type: "features-changed", features });
  }

  /** (Re)starts a connected lazy server's idle timer; when it fires with no call running, the server stops and stays offered from its last list. */
  #armIdleStop(name: string): void {
    const idleMs = this.#options.view(name)?.state.status === "connected" && !this.#closed ? this.#idleMs(name) : 0;
    this.#idle.arm(name, idleMs, () => {
      if (this.#options.dispatch(name, { type: "idle-stopped" })) void this.stop(name);
    });
  }

  /** The server's idle timeout (0: never stopped), read from its entry once. */
  #idleMs(name: string): number {
    let ms = this.#idleTimeouts.get(name);
    if (ms === undefined) {
      const config = this.#options.config(name);
      ms = config ? idleStopMs(config.resolved, this.#options.env) : 0;
      this.#idleTimeouts.set(name, ms);
    }
    return ms;
  }

  #bump(name: string): number {
    const epoch = (this.#epochs.get(name) ?? 0) + 1;
    this.#epochs.set(name, epoch);
    return epoch;
  }

  #current(name: string, epoch: number): boolean {
    return !this.#closed && this.#epochs.get(name) === epoch;
  }
}

/** The tools the entry's includeTools / excludeTools let through: what the state holds. */
function offeredTools(config: ServerConfig, tools: readonly McpToolInfo[]): readonly McpToolInfo[] {
  return filterServerTools(config.resolved, tools);
}

/** How a failed attempt is reported: a server that wants a login waits in needs-auth, anything else failed. */
function failedEvent(failure: MiniCcError): LifecycleEvent {
  return failure.code === "needs-auth"
    ? { type: "needs-auth", reason: failure.message }
    : { type: "failed", error: failure.message, code: failure.code };
}
