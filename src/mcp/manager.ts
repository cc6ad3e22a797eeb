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
import type { DeclaredServer, ServerConfig } from "../config/types.ts";
import { systemClock, type Clock } from "../clock.ts";
import { Store } from "../store.ts";
import type { ToolResult } from "../tools/tool.ts";
import type { ApprovalChoice } from "./approvals/approval-types.ts";
import { initialView, type ApprovalContext } from "./state/initial-state.ts";
import type { LifecycleEvent } from "./state/lifecycle.ts";
import type { McpSnapshot, ServerView } from "./state/server-state.ts";
import { serverView } from "./state/snapshot-views.ts";
import { toolsOf } from "./tools/offered-tools.ts";
import { trustsReadOnlyHint } from "./state/read-only-trust.ts";
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
import { AgentServerRuns, listedView, runnableConfigs } from "./agent-servers.ts";
import { ActionRunner } from "./user-actions.ts";
import type { AgentServerRequest, AgentServers } from "./agent-server-request.ts";
import { applyEvents, putView } from "./state/apply-events.ts";

export type { RequestBounds } from "./connection/call-outcome.ts";
export type { ConnectOptions, McpManagerOptions } from "./manager-options.ts";

/** The store of all MCP servers and the one way the rest of mini-cc reaches them. */
export class McpManager extends Store<McpSnapshot> implements McpCaller {
  readonly #options: McpManagerOptions;
  readonly #clock: Clock;
  /** Runs the servers, one ServerRun each: connects, reconnects, idle stops, cache writes. */
  readonly #servers: ServerSupervisor;
  /** What a request goes through on its way to a live connection. */
  readonly #calls: ToolCallRouter;
  /** Sandboxed or not, as answered at approval (this session's, else the stored one). */
  readonly #sandboxChoices: SandboxChoices;
  /** Which running agents hold which agent-scoped servers (agent-servers.ts). */
  readonly #agents: AgentServerRuns;
  /** What the user does to one server: approve, restart, disable, log in… */
  readonly #actions: ActionRunner;
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
    const view = (name: string) => this.#view(name);
    const servers = { subscribe: this.subscribe, getSnapshot: this.getSnapshot };
    this.#servers = new ServerSupervisor({
      ...options,
      clock: this.#clock,
      dispatch,
      view,
      config,
      approvedSandboxed: (server) => this.#sandboxChoices.sandboxed(server),
    });
    this.#calls = new ToolCallRouter({
      servers,
      connections: this.#servers.connections,
      config,
      liveConnect: (name) => this.#servers.liveConnect(name),
      busy: this.#servers.busy,
      progress: this.progress,
      usage: this.usage,
      env: options.env,
      clock: this.#clock,
      saveToolOutput: options.saveToolOutput,
      onTaskStarted: options.onTaskStarted,
      onTaskEnded: options.onTaskEnded,
    });
    this.#agents = new AgentServerRuns({
      servers,
      dispatch,
      config,
      put: (added, server) => this.#put(added, server),
      supervisor: this.#servers,
      approvalContext: () => this.#approvalContext(),
      caller: this,
      trusted: (server) => this.trustsReadOnlyHint(server),
      env: options.env,
    });
    this.#actions = new ActionRunner({
      options,
      servers: this.#servers,
      sandboxChoices: this.#sandboxChoices,
      agents: this.#agents,
      config,
      view,
      dispatch,
      trustsReadOnlyHint: (name) => this.trustsReadOnlyHint(name),
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
    this.#agents.reset();
    this.usage.clear();
    this.#listedAt = this.#clock.now();
    this.#configs = runnableConfigs(declared);
    const context = await this.#approvalContext();
    const views = await Promise.all(declared.map(async (server) => listedView(await initialView(server, context))));
    this.update(() => ({ servers: views }));
  }

  /** Starts the servers an agent names, held for it until release(), their tools offered to it alone (agent-servers.ts). */
  serversForAgent(request: AgentServerRequest): Promise<AgentServers> {
    return this.#agents.serversForAgent(request);
  }

  /** How a server's first state is found; the user's switched-off list is read anew (unreadable: every server may start). */
  async #approvalContext(): Promise<ApprovalContext> {
    const { projectDir, disabledServers } = this.#options;
    return { ...this.#options, userDisabled: await disabledServers?.list(projectDir).catch(() => undefined) };
  }

  /** Adds a server to the store (an agent's own), or replaces its view, keeping its place. */
  #put(view: ServerView, config?: ServerConfig): void {
    if (config) this.#configs.set(config.name, config);
    this.update((prev) => putView(prev, view));
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

  /** Waits (until `signal` aborts) for the live connect of each named cached server: its prompts and resources exist only live. */
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

  /** The user's answer for a project server waiting for approval (user-actions.ts); resolves once it has settled. */
  decide(name: string, choice: ApprovalChoice): Promise<void> {
    return this.#actions.decide(name, choice);
  }

  /** Closes one server and connects it again now (→ pending → connected, or failed); nothing for a server that may not run. */
  restart(name: string): Promise<void> {
    return this.#actions.restart(name);
  }

  /** Switches a server off: its process stops and its tools go; remembered for the project when the manager has the disabled list. */
  disable(name: string): Promise<void> {
    return this.#actions.disable(name);
  }

  /** After the user took back a project server's approval: it stops until approved again. */
  revoked(name: string): Promise<void> {
    return this.#actions.revoked(name);
  }

  /** The panel's a on a project server not approved for good: it stops and the approval question asks again. */
  askApproval(name: string): Promise<void> {
    return this.#actions.askApproval(name);
  }

  /** Switches a disabled server back on: it connects, or asks for approval first when its entry is not approved. */
  enable(name: string): Promise<void> {
    return this.#actions.enable(name);
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

  /** `/mcp login NAME`: the OAuth login (`open` shows the authorization URL), then a fresh connect; rejects with why it failed. */
  login(name: string, open: (url: URL) => void): Promise<void> {
    return this.#actions.login(name, open);
  }

  /** `/mcp logout NAME`: forgets the server's tokens; a running session ends and the server waits for a login. */
  logout(name: string): Promise<void> {
    return this.#actions.logout(name);
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

  /** Applies `events` to one server in one store update; false (and no change) when lifecycle.ts refuses any. */
  #dispatch(name: string, ...events: LifecycleEvent[]): boolean {
    let accepted = true;
    const at = Math.round(this.#clock.now() - this.#listedAt);
    this.update((prev) => {
      const next = applyEvents(prev, name, events, at);
      accepted = next !== undefined;
      return next ?? prev;
    });
    return accepted;
  }
}
