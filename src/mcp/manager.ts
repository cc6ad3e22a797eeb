/**
 * McpManager: every declared server's life in one store (DESIGN.md, "Server
 * state"). It asks approvals before a project server may run, connects all
 * servers at once, keeps each session open, and turns their tools into
 * ordinary Tools. Which state follows which is lifecycle.ts's decision: this
 * class runs the effects and reports each outcome to it as an event. A lost server (a stdio exit; a remote one's failed ping or
 * call, keepalive.ts) is reconnected with backoff (reconnect-policy.ts); a
 * streamable-HTTP session the server forgot is renewed at once, and the call
 * that met it sent again when that is safe (session-renewal.ts). A server
 * that wants an OAuth login waits in needs-auth until login() (oauth/).
 * The outside (approvals, env, clock, transports, the OAuth file) comes in
 * through the constructor.
 *
 * With a tool cache (tool-cache.ts), a server that may run and was seen before
 * is offered at once from the cache (`cached`), and connects in the background,
 * or, when lazy (startup.ts), on the first call of one of its tools; a call to
 * a cached server waits for that connect. A lazy server idle past its
 * idleTimeoutMs is stopped and goes back to `cached`. Each connect rewrites the
 * cache. Only servers that are pending (approved for their current entry) ever
 * read it.
 *
 * What one tool call goes through on its way to a session (the wait for a
 * cached server, the retry after a restart, progress) is tool-call-router.ts.
 */
import type { DeclaredServer, ServerConfig } from "../config/types.ts";
import { Store } from "../store.ts";
import type { ToolResult } from "../tools/tool.ts";
import type { ApprovalChoice, ApprovalRecords } from "./approvals/approval-types.ts";
import { systemClock, type Clock } from "../clock.ts";
import type { McpCaller, McpTool } from "./tools/mcp-tool.ts";
import type { SaveToolOutput } from "./tools/output-files.ts";
import { initialView } from "./state/initial-state.ts";
import { ProcessGroups } from "./connection/process-groups.ts";
import { DEFAULT_RECONNECT_POLICY, ReconnectSchedule, type ReconnectPolicy } from "./state/reconnect-policy.ts";
import { describeError } from "./connection/describe-error.ts";
import type { ServerConnection, ToolList } from "./connection/server-connection.ts";
import type { ServerRequestHandlers } from "./requests/server-requests.ts";
import type { McpSnapshot, ServerView } from "./state/server-state.ts";
import { step, type LifecycleEvent } from "./state/lifecycle.ts";
import { instructionsOf, serverView, toolsOf } from "./state/snapshot-views.ts";
import type { Root } from "@modelcontextprotocol/sdk/types.js";
import type { ReadableStore } from "../store.ts";
import { requestedLogLevel } from "./logs/message-log.ts";
import { ToolProgressStore } from "./tools/progress.ts";
import type { ServerFeatures } from "./state/server-state.ts";
import { idleStopMs, isLazy } from "./state/startup.ts";
import { IdleStops } from "./state/idle-stop.ts";
import { untilAborted } from "./tools/until-aborted.ts";
import { BackgroundCacheWrites, type CachedServer, type ToolCacheStore } from "./tools/cache.ts";
import type { TransportFactory } from "./connection/transports.ts";
import type { DisabledServers } from "./approvals/disabled-servers.ts";
import { isMiniCcError, MiniCcError } from "../errors.ts";
import { isRemote } from "../config/types.ts";
import type { OAuthStore } from "./connection/oauth/token-store.ts";
import { ToolCallRouter, type CallOptions } from "./tools/call-router.ts";

export type { CallOptions } from "./tools/call-router.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Everything McpManager touches outside itself. */
export interface McpManagerOptions {
  /** The project whose `.mcp.json` approvals apply; stdio servers start in it. */
  projectDir: string;
  approvals: ApprovalRecords;
  /** Where `mcp-<name>.log` files go (`<home>/logs`). */
  logDir: string;
  /** mini-cc's environment: MCP_TIMEOUT, MCP_TOOL_TIMEOUT, MCP_KEEPALIVE_MS, MAX_MCP_OUTPUT_TOKENS, and PATH etc. for children. */
  env: Env;
  /** A user can answer approval questions (TUI); false in print mode and `mcp list`. */
  interactive: boolean;
  /** Defaults to the real stdio / http / sse transports. */
  transportFactory?: TransportFactory;
  clock?: Clock;
  /** How a server lost after connecting is reconnected; DEFAULT_RECONNECT_POLICY when absent. */
  reconnect?: ReconnectPolicy;
  /** The servers the user switched off per project: read at list(), written by disable/enable. Without it, disabling lasts this session. */
  disabledServers?: DisabledServers;
  /** The OAuth file (`<home>/mcp-oauth.json`); without it remote servers get no OAuth. */
  oauth?: OAuthStore;
  /** The roots servers may ask for (roots.ts); none when absent. */
  roots?: ReadableStore<readonly Root[]>;
  /** Who answers servers' elicitation and sampling requests (server-requests.ts); without it they are declined. */
  serverRequests?: ServerRequestHandlers;
  /** Saves a call's whole output when MAX_MCP_OUTPUT_TOKENS cuts it (output-files.ts). */
  saveToolOutput?: SaveToolOutput;
  /** Where tool lists are cached between sessions; absent: every server is connected live (`mcp list`). */
  toolCache?: ToolCacheStore;
}

/** How connectListed treats servers offered from the tool cache. */
export interface ConnectOptions {
  /**
   * Print mode: a cached eager server's background connect waits for
   * releaseBackground() (called once the first model request is out), so 20
   * servers booting at once do not slow that request; a call starts it sooner.
   */
  holdBackground?: boolean;
}

/** The store of all MCP servers and the one way the rest of mini-cc reaches them. */
export class McpManager extends Store<McpSnapshot> implements McpCaller {
  readonly #options: McpManagerOptions;
  readonly #clock: Clock;
  /** The caller's transports; the real ones (SDK client transports) load on first connect. */
  readonly #factory: TransportFactory | undefined;
  readonly #groups = new ProcessGroups();
  readonly #reconnects: ReconnectSchedule;
  readonly #connections = new Map<string, ServerConnection>();
  /** Bumped whenever a server's attempt is superseded: results of older attempts are dropped. */
  readonly #epochs = new Map<string, number>();
  #closed = false;
  /** A connect the user asked for, while it runs: a call to a cached server waits for it. */
  readonly #connecting = new Map<string, Promise<void>>();
  /** What each connected server said of itself, for the cache write when its tools change. */
  readonly #live = new Map<string, CachedServer>();
  /** Lazy servers' idle timers, and the calls that hold them off. */
  readonly #idle: IdleStops;
  /** Cache writes under way: close() lets them finish, so a short session still leaves its cache. */
  readonly #cacheWrites: BackgroundCacheWrites;
  /** Cached eager servers whose background connect waits for releaseBackground(). */
  readonly #held = new Set<string>();
  /** When the servers were listed: history times count from here. */
  #listedAt = 0;
  #tools: { snapshot: McpSnapshot; tools: McpTool[] } | undefined;
  /** Running calls' latest progress, by progress key, published once a frame. */
  readonly progress: ToolProgressStore;
  /** What a call goes through on its way to a live session (tool-call-router.ts). */
  readonly #calls: ToolCallRouter;

  constructor(options: McpManagerOptions) {
    super({ servers: [] });
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#factory = options.transportFactory;
    this.#reconnects = new ReconnectSchedule(options.reconnect ?? DEFAULT_RECONNECT_POLICY, this.#clock);
    this.progress = new ToolProgressStore(this.#clock);
    this.#idle = new IdleStops(this.#clock);
    this.#cacheWrites = new BackgroundCacheWrites(options.toolCache);
    this.#calls = new ToolCallRouter({
      servers: { subscribe: this.subscribe, getSnapshot: this.getSnapshot },
      connections: this.#connections,
      liveConnect: (name) => this.#liveConnect(name),
      dispatch: (name, event) => this.#dispatch(name, event),
      progress: this.progress,
      env: options.env,
      clock: this.#clock,
      saveToolOutput: options.saveToolOutput,
    });
  }

  /** Lists every declared server and connects all that may run; resolves when each has settled or waits for approval. */
  async start(declared: readonly DeclaredServer[], options: ConnectOptions = {}): Promise<void> {
    await this.list(declared);
    await this.connectListed(options);
  }

  /**
   * Shows every declared server in the state it starts in (pending, waiting
   * for approval, disabled or failed), none of them started yet: the UI draws
   * its first frame from this, then calls connectListed.
   */
  async list(declared: readonly DeclaredServer[]): Promise<void> {
    await this.close();
    this.#closed = false;
    this.#listedAt = this.#clock.now();
    const { projectDir, disabledServers } = this.#options;
    // An unreadable list starts every server rather than none.
    const userDisabled = await disabledServers?.list(projectDir).catch(() => undefined);
    const views = await Promise.all(declared.map((server) => initialView(server, { ...this.#options, userDisabled })));
    this.update(() => ({ servers: views }));
  }

  /**
   * Connects every listed server that may run; resolves when each has
   * connected, failed, or is offered from the tool cache (its connect, if
   * eager, goes on in the background).
   */
  async connectListed(options: ConnectOptions = {}): Promise<void> {
    const listed = this.getSnapshot().servers;
    await Promise.all(listed.flatMap((view) => (view.state.status === "pending" && view.config ? [this.#begin(view.config, options.holdBackground)] : [])));
  }

  /**
   * Waits (until `signal` aborts) for the live connect of each named server
   * offered from the cache: its prompts and resources exist only live.
   */
  async connectCached(names: readonly string[], signal?: AbortSignal): Promise<void> {
    const cached = names.filter((name) => this.#view(name)?.state.status === "cached");
    await untilAborted(Promise.all(cached.map((name) => this.#liveConnect(name))).then(() => {}), signal);
  }

  /** Starts the background connects connectListed held back (servers still cached and not connecting). */
  releaseBackground(): void {
    const held = [...this.#held];
    this.#held.clear();
    for (const name of held) {
      const view = this.#view(name);
      if (view?.config && view.state.status === "cached" && !this.#connecting.has(name)) void this.#connect(view.config);
    }
  }

  /**
   * The user's answer for a project server waiting for approval: "remember"
   * stores the approval and starts it, "once" starts it this session only,
   * "deny" disables it. Resolves once the server has settled.
   */
  async decide(name: string, choice: ApprovalChoice): Promise<void> {
    const view = this.#view(name);
    if (!view?.config || view.source !== "project" || this.#closed) return;
    if (!this.#dispatch(name, { type: choice === "deny" ? "denied" : "approved" }) || choice === "deny") return;
    let storeError: unknown;
    if (choice === "remember") {
      // Start it even if the approvals file cannot be written; the caller still hears why.
      await this.#options.approvals.approve(this.#options.projectDir, view.config).catch((error: unknown) => {
        storeError = error;
      });
    }
    await this.#begin(view.config);
    if (storeError !== undefined) throw storeError;
  }

  /** Closes one server and connects it again now (→ pending → connected, or failed); nothing for a server that may not run. */
  async restart(name: string): Promise<void> {
    const config = this.#view(name)?.config;
    if (!config || this.#closed || !this.#dispatch(name, { type: "restarted" })) return;
    await this.#stop(name);
    await this.#connect(config);
  }

  /**
   * Switches a server off: its process stops and its tools go. Remembered for
   * the project when the manager has the disabled list (the stop happens even
   * if writing it fails; the caller hears why).
   */
  async disable(name: string): Promise<void> {
    if (this.#closed || !this.#dispatch(name, { type: "disabled" })) return;
    const remembered = this.#remember(name, true);
    await this.#stop(name);
    await remembered;
  }

  /** Switches a disabled server back on: it connects, or asks for approval first when its entry is not approved. */
  async enable(name: string): Promise<void> {
    const view = this.#view(name);
    if (!view?.config || this.#closed || view.state.status !== "disabled") return;
    if (view.state.cause === "user") await this.#remember(name, false);
    const needsApproval = view.source === "project" && (await this.#options.approvals.status(this.#options.projectDir, view.config).catch(() => "new")) !== "approved";
    if (!this.#dispatch(name, { type: "enabled", needsApproval }) || needsApproval) return;
    await this.#begin(view.config);
  }

  async #remember(name: string, disabled: boolean): Promise<void> {
    await this.#options.disabledServers?.set(this.#options.projectDir, name, disabled);
  }

  /** Closes every session, kills every server process and cancels pending reconnects. The snapshot keeps its last states. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#held.clear();
    this.#reconnects.forgetAll();
    for (const name of this.#epochs.keys()) this.#bump(name);
    this.#idle.cancelAll();
    const connections = [...this.#connections.values()];
    this.#connections.clear();
    this.#live.clear();
    await Promise.all([...connections.map((connection) => connection.close()), this.#cacheWrites.settled()]);
  }

  /** For process 'exit' / SIGINT / SIGTERM handlers: kills all server process groups synchronously. */
  killAllServerProcessGroups(): void {
    this.#groups.killAllSync();
  }

  /** Calls a tool on a server. Never throws: every failure is an error result the model can read. */
  async call(server: string, tool: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolResult> {
    this.#idle.callStarted(server);
    try {
      return await this.#calls.call(server, tool, args, options);
    } finally {
      if (this.#idle.callEnded(server)) this.#armIdleStop(server);
    }
  }

  /**
   * `/mcp login NAME`: the OAuth login (oauth/login.ts; `open` shows the
   * authorization URL), then a fresh connect. Rejects with a one-line
   * MiniCcError when the login fails; other servers are untouched.
   */
  async login(name: string, open: (url: URL) => void): Promise<void> {
    const config = this.#view(name)?.config;
    const store = this.#options.oauth;
    if (!config || this.#closed) throw new MiniCcError("not-found", `no server named ${name}`);
    if (!isRemote(config.resolved) || !store) throw new MiniCcError("command-failed", `${name} is not an http or sse server: there is nothing to log in to`);
    // Logging in contacts the server: only once approved, as on every other route.
    if (this.#view(name)?.state.status === "needs-approval") {
      throw new MiniCcError("command-failed", `${name} is waiting for your approval: approve it first (nothing was contacted)`);
    }
    const { loginToServer, loginTimeoutMs } = await import("./connection/oauth/login.ts");
    await loginToServer({ name, entry: config.resolved, store, open, timeoutMs: loginTimeoutMs(this.#options.env) });
    await this.restart(name);
  }

  /** `/mcp logout NAME`: forgets the server's tokens; a running session ends and the server waits for a login. */
  async logout(name: string): Promise<void> {
    const config = this.#view(name)?.config;
    const store = this.#options.oauth;
    if (!config || !isRemote(config.resolved) || !store) return;
    await store.forgetTokens(config.resolved.url);
    if (this.#closed || !this.#dispatch(name, { type: "needs-auth", reason: "logged out" })) return;
    await this.#stop(name);
  }

  /** A connected server's session, or why there is none (for resource reads and prompts). */
  session(server: string): ServerConnection | string {
    const connection = this.#connections.get(server);
    const state = this.#view(server)?.state;
    if (connection && state?.status === "connected") return connection;
    if (!state) return `no MCP server named ${server}`;
    return `server ${server} is not connected (${state.status === "failed" ? state.error : state.status})`;
  }

  /** Every connected server's tools as Tools, collision-safe names; the same array until the snapshot changes. */
  tools(): McpTool[] {
    const snapshot = this.getSnapshot();
    if (this.#tools?.snapshot !== snapshot) this.#tools = { snapshot, tools: toolsOf(snapshot, this) };
    return this.#tools.tools;
  }

  /** The `# MCP Server Instructions` system-prompt section ("" when no connected server sent any). */
  instructionsSection(): string {
    return instructionsOf(this.getSnapshot());
  }

  /**
   * A server that may now run: offered from the tool cache when it has one;
   * then connected now (eager, or nothing cached) or on its first call (lazy).
   * Resolves once it is offered or has settled.
   */
  async #begin(config: ServerConfig, holdBackground = false): Promise<void> {
    const { name } = config;
    const cache = this.#options.toolCache;
    const cached = cache && !this.#closed ? await cache.read(config) : undefined;
    const offered = cached !== undefined && this.#dispatch(name, { type: "cache-loaded", tools: cached.tools, instructions: cached.instructions, skippedTools: cached.skippedTools });
    if (offered && isLazy(config.resolved, this.#options.env)) return;
    if (offered && holdBackground) {
      this.#held.add(name);
      return;
    }
    const connecting = this.#connect(config);
    if (!offered) await connecting;
  }

  /** Waits for a cached server's live connect: the one under way, or (lazy, idle-stopped) one started now. */
  #liveConnect(name: string): Promise<void> {
    const config = this.#view(name)?.config;
    return this.#connecting.get(name) ?? (config ? this.#connect(config) : Promise.resolve());
  }

  /** A connect the user asked for (start, approval, restart, a lazy server's first call): a fresh reconnect series. */
  async #connect(config: ServerConfig): Promise<void> {
    const attempt = this.#connectOnce(config);
    this.#connecting.set(config.name, attempt);
    try {
      await attempt;
    } finally {
      if (this.#connecting.get(config.name) === attempt) this.#connecting.delete(config.name);
    }
  }

  async #connectOnce(config: ServerConfig): Promise<void> {
    const { name } = config;
    if (this.#closed) return;
    this.#reconnects.forget(name);
    const epoch = this.#bump(name);
    const failure = await this.#open(config, epoch);
    if (failure !== undefined && this.#current(name, epoch)) this.#dispatch(name, failedEvent(failure));
  }

  /** One connection attempt under `epoch`: on success the server is connected; else resolves with the failure. */
  async #open(config: ServerConfig, epoch: number, note?: string): Promise<MiniCcError | undefined> {
    const { name } = config;
    this.#dispatch(name, { type: "spawned" });
    const started = this.#clock.now();
    let connection: ServerConnection | undefined;
    try {
      // The SDK client loads here, on first connect, not before the UI's first frame (about 90 ms).
      const [{ openSession }, factory] = await Promise.all([import("./connection/server-connection.ts"), this.#transports()]);
      if (!this.#current(name, epoch)) return undefined; // closed or restarted while loading
      const session = await openSession({
        config,
        note,
        factory,
        context: { cwd: this.#options.projectDir, env: this.#options.env, groups: this.#groups, ...(this.#options.oauth ? { oauth: this.#options.oauth } : {}) },
        logDir: this.#options.logDir,
        clock: this.#clock,
        onLost: (failure) => this.#lost(name, epoch, failure),
        onToolsChanged: (list) => this.#toolsChanged(name, epoch, list),
        onFeaturesChanged: (features) => this.#featuresChanged(name, epoch, features),
        roots: this.#options.roots,
        logLevel: requestedLogLevel(this.#options.env),
        serverRequests: this.#options.serverRequests,
        // Registered before the handshake, so close() during a slow connect still kills it.
        onCreated: (created) => this.#connections.set(name, (connection = created)),
      });
      if (!this.#current(name, epoch)) {
        if (this.#connections.get(name) === connection) this.#connections.delete(name);
        await session.connection.close();
        return undefined;
      }
      this.#reconnects.connected(name);
      const { tools, skippedTools, instructions, features, serverInfo } = session.server;
      this.#dispatch(name, { type: "connected", tools, skippedTools, instructions, features, connectMs: Math.round(this.#clock.now() - started) });
      const kept: CachedServer = { tools, skippedTools, instructions, ...(serverInfo ? { serverInfo } : {}), ...(features.capabilities ? { capabilities: features.capabilities } : {}) };
      this.#live.set(name, kept);
      this.#cacheWrites.save(config, kept);
      this.#armIdleStop(name);
      return undefined;
    } catch (error) {
      if (connection && this.#connections.get(name) === connection) this.#connections.delete(name);
      return isMiniCcError(error) ? error : new MiniCcError("connect-failed", describeError(error));
    }
  }

  async #transports(): Promise<TransportFactory> {
    return this.#factory ?? (await import("./connection/transports.ts")).createTransport;
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
    this.#dispatch(name, failedEvent(failure));
  }

  /** Reports `failure` and what follows it: the series' next attempt on a timer, or giving up. */
  #retry(name: string, failed: LifecycleEvent, failure: MiniCcError): void {
    const config = this.#view(name)?.config;
    if (!config) return;
    // Superseding the lost connection's epoch drops its late callbacks.
    const epoch = this.#bump(name);
    // A forgotten session is renewed at once: the server is up, it only restarted.
    const immediate = failure.code === "session-expired";
    const next = this.#reconnects.next(name, config.resolved, failure, (n, of) => void this.#reconnect(config, epoch, `reconnect attempt ${n} of ${of}`), immediate);
    this.#dispatch(name, failed, next);
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

  #toolsChanged(name: string, epoch: number, { tools, skippedTools }: ToolList): void {
    if (!this.#current(name, epoch) || !this.#dispatch(name, { type: "tools-changed", tools, skippedTools })) return;
    const live = this.#live.get(name);
    const config = this.#view(name)?.config;
    if (live && config) this.#cacheWrites.save(config, { ...live, tools, skippedTools });
  }

  /** (Re)starts a connected lazy server's idle timer; when it fires with no call running, the server stops and stays offered from its last list. */
  #armIdleStop(name: string): void {
    const view = this.#view(name);
    const idleMs = view?.config && view.state.status === "connected" && !this.#closed ? idleStopMs(view.config.resolved, this.#options.env) : 0;
    this.#idle.arm(name, idleMs, () => {
      if (this.#dispatch(name, { type: "idle-stopped" })) void this.#stop(name);
    });
  }

  /** New resources, templates, prompts or warnings of a connected server. */
  #featuresChanged(name: string, epoch: number, features: ServerFeatures): void {
    if (this.#current(name, epoch)) this.#dispatch(name, { type: "features-changed", features });
  }

  /** Ends whatever runs for `name` (its connection, a pending reconnect); late results of it are dropped. */
  async #stop(name: string): Promise<void> {
    this.#reconnects.forget(name);
    this.#bump(name);
    this.#idle.cancel(name);
    this.#live.delete(name);
    const old = this.#connections.get(name);
    this.#connections.delete(name);
    await old?.close();
  }

  #bump(name: string): number {
    const epoch = (this.#epochs.get(name) ?? 0) + 1;
    this.#epochs.set(name, epoch);
    return epoch;
  }

  #current(name: string, epoch: number): boolean {
    return !this.#closed && this.#epochs.get(name) === epoch;
  }

  #view(name: string): ServerView | undefined {
    return serverView(this.getSnapshot(), name);
  }

  /**
   * Applies `events` to one server in one store update; false (and no change)
   * when lifecycle.ts refuses any of them, e.g. a restart of a server that was
   * declined.
   */
  #dispatch(name: string, ...events: LifecycleEvent[]): boolean {
    let accepted = true;
    const at = Math.round(this.#clock.now() - this.#listedAt);
    this.update((prev) => {
      const index = prev.servers.findIndex((view) => view.name === name);
      const view = prev.servers[index];
      if (!view) return ((accepted = false), prev);
      let life = { state: view.state, health: view.health };
      for (const event of events) {
        const next = step(life, event, at);
        if (!next.ok) return ((accepted = false), prev);
        life = next.life;
      }
      if (life.state === view.state && life.health === view.health) return prev;
      const servers = [...prev.servers];
      servers[index] = { ...view, ...life };
      return { servers };
    });
    return accepted;
  }
}

/** How a failed attempt is reported: a server that wants a login waits in needs-auth, anything else failed. */
function failedEvent(failure: MiniCcError): LifecycleEvent {
  return failure.code === "needs-auth" ? { type: "needs-auth", reason: failure.message } : { type: "failed", error: failure.message, code: failure.code };
}
