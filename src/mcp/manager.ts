/**
 * McpManager: every declared server's life in one store (DESIGN.md, "Server
 * state"), and the one way the rest of mini-cc reaches the servers. It asks
 * approvals before a project server may run, and turns connected servers'
 * tools into ordinary Tools. Which state follows which is lifecycle.ts's
 * decision, applied by #dispatch; running the servers (connect attempts,
 * reconnects, idle stops, the tool cache) is the supervisor's
 * (supervisor.ts); what one call goes through on its way to a connection is
 * ToolCallRouter's (tools/call-router.ts). Both are handed #dispatch and the
 * store's views, never the class. A server that wants an OAuth login waits in
 * needs-auth until login() (connection/oauth/).
 *
 * The outside (approvals, env, clock, transports, the OAuth file) comes in
 * through the constructor.
 */
import { isInvalid, isRemote, type DeclaredServer, type ServerConfig } from "../config/types.ts";
import { systemClock, type Clock } from "../clock.ts";
import { MiniCcError } from "../errors.ts";
import { Store } from "../store.ts";
import type { ToolResult } from "../tools/tool.ts";
import type { ApprovalChoice } from "./approvals/approval-types.ts";
import { initialView } from "./state/initial-state.ts";
import { step, type LifecycleEvent } from "./state/lifecycle.ts";
import type { McpSnapshot, ServerView } from "./state/server-state.ts";
import { serverView } from "./state/snapshot-views.ts";
import { toolsOf } from "./tools/offered-tools.ts";
import { readOnlyTools, trustsReadOnlyHint } from "./state/read-only-trust.ts";
import { offersTools } from "./state/snapshot-views.ts";
import { instructionsOf } from "./features/instructions.ts";
import type { McpCaller, McpTool } from "./tools/mcp-tool.ts";
import type { RequestBounds } from "./connection/call-outcome.ts";
import { ToolProgressStore } from "./tools/progress.ts";
import { ToolUsageStore } from "./tools/usage.ts";
import { untilAborted } from "./tools/until-aborted.ts";
import { ToolCallRouter, type LiveRequest } from "./tools/call-router.ts";
import { ServerSupervisor } from "./supervisor.ts";
import type { RoutedOutcome } from "./connection/call-outcome.ts";

import type { ConnectOptions, McpManagerOptions } from "./manager-options.ts";
import { SandboxChoices } from "./approvals/sandbox-choices.ts";

export type { RequestBounds } from "./connection/call-outcome.ts";
export type { ConnectOptions, McpManagerOptions } from "./manager-options.ts";

/** The store of all MCP servers and the one way the rest of mini-cc reaches them. */
export class McpManager extends Store<McpSnapshot> implements McpCaller {
  readonly #options: McpManagerOptions;
  readonly #clock: Clock;
  /** Runs the servers: connects, epochs, reconnects, idle stops, cache writes. */
  readonly #servers: ServerSupervisor;
  /** What a request goes through on its way to a live connection. */
  readonly #calls: ToolCallRouter;
  /** Sandboxed or not, as answered at approval (this session's, else the stored one). */
  readonly #sandboxChoices: SandboxChoices;
  /** When the servers were listed: history times count from here. */
  #listedAt = 0;
  #tools: { snapshot: McpSnapshot; tools: McpTool[] } | undefined;
  /** Each valid server's config with its expanded entry: kept here, out of the snapshot every component reads. */
  #configs = new Map<string, ServerConfig>();
  /** Running calls' latest progress, by progress key, published once a frame. */
  readonly progress: ToolProgressStore;
  /** Each server's tool calls this session: apart from the snapshot, so a call leaves the tool list as it is. */
  readonly usage: ToolUsageStore;

  constructor(options: McpManagerOptions) {
    super({ servers: [] });
    this.#options = options;
    this.#sandboxChoices = new SandboxChoices(options.approvals, options.projectDir);
    this.#clock = options.clock ?? systemClock;
    this.progress = new ToolProgressStore(this.#clock);
    this.usage = new ToolUsageStore(this.#clock);
    const dispatch = (name: string, ...events: LifecycleEvent[]) => this.#dispatch(name, ...events);
    const config = (name: string) => this.#configs.get(name);
    this.#servers = new ServerSupervisor({
      ...options,
      clock: this.#clock,
      dispatch,
      view: (name) => this.#view(name),
      config,
      approvedSandboxed: (server) => this.#sandboxChoices.sandboxed(server),
    });
    this.#calls = new ToolCallRouter({
      servers: { subscribe: this.subscribe, getSnapshot: this.getSnapshot },
      connections: this.#servers.connections,
      config,
      liveConnect: (name) => this.#servers.liveConnect(name),
      busy: this.#servers.busy,
      progress: this.progress,
      usage: this.usage,
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
    this.#servers.resume();
    this.usage.clear();
    this.#listedAt = this.#clock.now();
    this.#configs = new Map(declared.flatMap((server) => (isInvalid(server) ? [] : [[server.name, server] as const])));
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
    await Promise.all(
      listed.flatMap((view) => {
        const config = this.#configs.get(view.name);
        return view.state.status === "pending" && config ? [this.#servers.begin(config, options.holdBackground)] : [];
      }),
    );
  }

  /**
   * Waits (until `signal` aborts) for the live connect of each named server
   * offered from the cache: its prompts and resources exist only live.
   */
  async connectCached(names: readonly string[], signal?: AbortSignal): Promise<void> {
    const cached = names.filter((name) => this.#view(name)?.state.status === "cached");
    await untilAborted(
      Promise.all(cached.map((name) => this.#servers.liveConnect(name))).then(() => {}),
      signal,
    );
  }

  /** Starts the background connects connectListed held back (servers still cached and not connecting). */
  releaseBackground(): void {
    this.#servers.releaseBackground();
  }

  /**
   * The user's answer for a project server waiting for approval: "sandbox"
   * stores the approval and starts it sandboxed, "remember" stores it and
   * starts it with full access, "once" starts it this session only, "deny"
   * disables it. Resolves once the server has settled.
   */
  async decide(name: string, choice: ApprovalChoice): Promise<void> {
    const config = this.#configs.get(name);
    if (!config || config.source !== "project" || this.#servers.closed) return;
    if (!this.#dispatch(name, { type: choice === "deny" ? "denied" : "approved" }) || choice === "deny") return;
    this.#sandboxChoices.answered(name, choice === "sandbox");
    let storeError: unknown;
    if (choice === "remember" || choice === "sandbox") {
      // Start it even if the approvals file cannot be written; the caller still hears why.
      await this.#options.approvals
        .approve(this.#options.projectDir, config, { sandboxed: choice === "sandbox" })
        .catch((error: unknown) => {
          storeError = error;
        });
    }
    await this.#servers.begin(config);
    if (storeError !== undefined) throw storeError;
  }

  /** Closes one server and connects it again now (→ pending → connected, or failed); nothing for a server that may not run. */
  async restart(name: string): Promise<void> {
    const config = this.#configs.get(name);
    if (!config || this.#servers.closed || !this.#dispatch(name, { type: "restarted" })) return;
    await this.#servers.stop(name);
    await this.#servers.connect(config);
  }

  /**
   * Switches a server off: its process stops and its tools go. Remembered for
   * the project when the manager has the disabled list (the stop happens even
   * if writing it fails; the caller hears why).
   */
  async disable(name: string): Promise<void> {
    if (this.#servers.closed || !this.#dispatch(name, { type: "disabled" })) return;
    const remembered = this.#remember(name, true);
    await this.#servers.stop(name);
    await remembered;
  }

  /**
   * After the user took back a project server's approval (the caller forgets
   * it in the approvals file): the server stops and its tools go for the rest
   * of the session, until it is approved again.
   */
  async revoked(name: string): Promise<void> {
    if (this.#view(name)?.source !== "project" || this.#servers.closed || !this.#dispatch(name, { type: "revoked" }))
      return;
    await this.#servers.stop(name);
  }

  /**
   * The panel's a on a project server not approved for good (declined, or
   * started this time only): it stops and waits in needs-approval, so the
   * approval question asks again, its sandbox choice included.
   */
  async askApproval(name: string): Promise<void> {
    const view = this.#view(name);
    // What it offered while it ran tells the question how many of its tools would run unasked.
    const known =
      view && offersTools(view.state)
        ? { readOnlyTools: readOnlyTools(view.state.tools, this.trustsReadOnlyHint(name)) }
        : {};
    if (
      view?.source !== "project" ||
      this.#servers.closed ||
      !this.#dispatch(name, { type: "approval-asked", ...known })
    )
      return;
    await this.#servers.stop(name);
  }

  /** Switches a disabled server back on: it connects, or asks for approval first when its entry is not approved. */
  async enable(name: string): Promise<void> {
    const view = this.#view(name);
    const config = this.#configs.get(name);
    if (!view || !config || this.#servers.closed || view.state.status !== "disabled") return;
    if (view.state.cause === "user") await this.#remember(name, false);
    const needsApproval =
      view.source === "project" &&
      (await this.#options.approvals.status(this.#options.projectDir, config).catch(() => "new")) !== "approved";
    if (!this.#dispatch(name, { type: "enabled", needsApproval }) || needsApproval) return;
    await this.#servers.begin(config);
  }

  async #remember(name: string, disabled: boolean): Promise<void> {
    await this.#options.disabledServers?.set(this.#options.projectDir, name, disabled);
  }

  /** Closes every connection, kills every server process and cancels pending reconnects. The snapshot keeps its last states. */
  close(): Promise<void> {
    return this.#servers.close();
  }

  /** For process 'exit' / SIGINT / SIGTERM handlers: kills all server process groups synchronously. */
  killAllServerProcessGroups(): void {
    this.#servers.killAllSync();
  }

  /** Calls a tool on a server. Never throws: every failure is an error result the model can read. */
  call(server: string, tool: string, args: Record<string, unknown>, bounds: RequestBounds = {}): Promise<ToolResult> {
    // Questions the server asks during the call are the call's: declined if still waiting when it ends.
    const ended = this.#options.serverRequests?.callStarted?.(server);
    const result = this.#calls.call(server, tool, args, bounds);
    // Not an async function: one promise less per call when nothing waits for the end (print mode, benches).
    return ended ? result.finally(ended) : result;
  }

  /**
   * A resource read or prompts/get (`method`) on a server's live connection,
   * the way a tool call goes (tools/call-router.ts); never rejects.
   */
  request<T>(server: string, method: string, run: LiveRequest<T>, signal?: AbortSignal): Promise<RoutedOutcome<T>> {
    return this.#calls.request(server, method, run, signal);
  }

  /**
   * `/mcp login NAME`: the OAuth login (oauth/login.ts; `open` shows the
   * authorization URL), then a fresh connect. Rejects with a one-line
   * MiniCcError when the login fails; other servers are untouched.
   */
  async login(name: string, open: (url: URL) => void): Promise<void> {
    const config = this.#configs.get(name);
    const store = this.#options.oauth;
    if (!config || this.#servers.closed) throw new MiniCcError("not-found", `no server named ${name}`);
    if (!isRemote(config.resolved) || !store)
      throw new MiniCcError("command-failed", `${name} is not an http or sse server: there is nothing to log in to`);
    // Logging in contacts the server: only once approved, as on every other route.
    if (this.#view(name)?.state.status === "needs-approval") {
      throw new MiniCcError(
        "command-failed",
        `${name} is waiting for your approval: approve it first (nothing was contacted)`,
      );
    }
    const { loginToServer, loginTimeoutMs } = await import("./connection/oauth/login.ts");
    await loginToServer({ name, entry: config.resolved, store, open, timeoutMs: loginTimeoutMs(this.#options.env) });
    await this.restart(name);
  }

  /** `/mcp logout NAME`: forgets the server's tokens; a running session ends and the server waits for a login. */
  async logout(name: string): Promise<void> {
    const config = this.#configs.get(name);
    const store = this.#options.oauth;
    if (!config || !isRemote(config.resolved) || !store) return;
    await store.forgetTokens(config.resolved.url);
    if (this.#servers.closed || !this.#dispatch(name, { type: "needs-auth", reason: "logged out" })) return;
    await this.#servers.stop(name);
  }

  /** Every connected server's tools as Tools, collision-safe names; the same array until the snapshot changes. */
  tools(): McpTool[] {
    const snapshot = this.getSnapshot();
    if (this.#tools?.snapshot !== snapshot)
      this.#tools = { snapshot, tools: toolsOf(snapshot, this, (server) => this.trustsReadOnlyHint(server)) };
    return this.#tools.tools;
  }

  /** Whether the server's readOnlyHint lets its tools run without asking: its entry and the user's setting (read-only-trust.ts). */
  trustsReadOnlyHint(name: string): boolean {
    return trustsReadOnlyHint(this.#configs.get(name)?.entry, this.#options.trustReadOnlyHints?.() ?? true);
  }

  /** The `# MCP Server Instructions` system-prompt section ("" when no connected server sent any). */
  instructionsSection(): string {
    return instructionsOf(this.getSnapshot());
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
