/**
 * McpManager: every declared server's life in one store (DESIGN.md, "Server
 * state"). It asks approvals before a project server may run, connects all
 * servers at once, keeps each session open, and turns their tools into
 * ordinary Tools. A lost server (a stdio exit; a remote one's failed ping or
 * call, keepalive.ts) is reconnected with backoff (reconnect-policy.ts). The
 * outside (approvals, env, clock, transports) comes in through the constructor.
 */
import type { DeclaredServer, ServerConfig } from "../config/types.ts";
import { Store } from "../store.ts";
import { textResult, type ToolResult } from "../tools/tool.ts";
import type { ApprovalChoice, ApprovalRecords } from "./approval-types.ts";
import { systemClock, type Clock } from "../clock.ts";
import { maxOutputChars } from "./content.ts";
import type { McpCaller, McpTool } from "./mcp-tool.ts";
import type { SaveToolOutput } from "./output-files.ts";
import { initialView } from "./initial-state.ts";
import { ProcessGroups } from "./process-groups.ts";
import { DEFAULT_RECONNECT_POLICY, ReconnectSchedule, type ReconnectPolicy } from "./reconnect-policy.ts";
import { describeError } from "./describe-error.ts";
import type { ServerConnection, ToolList } from "./server-connection.ts";
import type { McpSnapshot, ServerState, ServerView } from "./server-state.ts";
import { instructionsOf, toolsOf } from "./snapshot-views.ts";
import { toolTimeoutMs } from "./timeouts.ts";
import type { TransportFactory } from "./transports.ts";
import { isMiniCcError, MiniCcError } from "../errors.ts";

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
  /** Saves a call's whole output when MAX_MCP_OUTPUT_TOKENS cuts it (output-files.ts). */
  saveToolOutput?: SaveToolOutput;
}

/** Per-call options: the agent's abort signal and an explicit timeout (ms). */
export interface CallOptions {
  signal?: AbortSignal;
  timeout?: number;
}

/** Whether an update would change nothing (the store then keeps its snapshot): the same fields with the same values. */
function sameState(a: ServerState, b: ServerState): boolean {
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => Object.is(x[key], y[key]));
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
  /** Servers allowed to run this session (approved, or needing no approval). */
  readonly #allowed = new Set<string>();
  #closed = false;
  #tools: { snapshot: McpSnapshot; tools: McpTool[] } | undefined;

  constructor(options: McpManagerOptions) {
    super({ servers: [] });
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#factory = options.transportFactory;
    this.#reconnects = new ReconnectSchedule(options.reconnect ?? DEFAULT_RECONNECT_POLICY, this.#clock);
  }

  /** Lists every declared server and connects all that may run; resolves when each has settled or waits for approval. */
  async start(declared: readonly DeclaredServer[]): Promise<void> {
    await this.list(declared);
    await this.connectListed();
  }

  /**
   * Shows every declared server in the state it starts in (pending, waiting
   * for approval, disabled or failed), none of them started yet: the UI draws
   * its first frame from this, then calls connectListed.
   */
  async list(declared: readonly DeclaredServer[]): Promise<void> {
    await this.close();
    this.#closed = false;
    this.#allowed.clear();
    const views = await Promise.all(declared.map((server) => initialView(server, this.#options)));
    for (const view of views) if (view.state.status === "pending") this.#allowed.add(view.name);
    this.update(() => ({ servers: views }));
  }

  /** Connects every listed server that may run; resolves when each has connected or failed. */
  async connectListed(): Promise<void> {
    const listed = this.getSnapshot().servers;
    await Promise.all(listed.flatMap((view) => (view.state.status === "pending" && view.config ? [this.#connect(view.config)] : [])));
  }

  /**
   * The user's answer for a project server waiting for approval: "remember"
   * stores the approval and starts it, "once" starts it this session only,
   * "deny" disables it. Resolves once the server has settled.
   */
  async decide(name: string, choice: ApprovalChoice): Promise<void> {
    const view = this.#view(name);
    const undecided = view?.state.status === "needs-approval" || view?.state.status === "disabled";
    if (!view?.config || view.source !== "project" || !undecided || this.#closed) return;
    if (choice === "deny") {
      this.#setState(name, { status: "disabled", reason: "declined by user" });
      return;
    }
    this.#allowed.add(name);
    let storeError: unknown;
    if (choice === "remember") {
      // Start it even if the approvals file cannot be written; the caller still hears why.
      await this.#options.approvals.approve(this.#options.projectDir, view.config).catch((error: unknown) => {
        storeError = error;
      });
    }
    await this.#connect(view.config);
    if (storeError !== undefined) throw storeError;
  }

  /** Closes one server and connects it again now (connected or reconnecting → pending → connected, or failed). */
  async restart(name: string): Promise<void> {
    const config = this.#view(name)?.config;
    if (!config || !this.#allowed.has(name) || this.#closed) return;
    this.#reconnects.forget(name);
    this.#bump(name);
    this.#setState(name, { status: "pending" });
    const old = this.#connections.get(name);
    this.#connections.delete(name);
    await old?.close();
    await this.#connect(config);
  }

  /** Closes every session, kills every server process and cancels pending reconnects. The snapshot keeps its last states. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#reconnects.forgetAll();
    for (const name of this.#epochs.keys()) this.#bump(name);
    const connections = [...this.#connections.values()];
    this.#connections.clear();
    await Promise.all(connections.map((connection) => connection.close()));
  }

  /** For process 'exit' / SIGINT / SIGTERM handlers: kills all server process groups synchronously. */
  killAllServerProcessGroups(): void {
    this.#groups.killAllSync();
  }

  /** Calls a tool on a server. Never throws: every failure is an error result the model can read. */
  async call(server: string, tool: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolResult> {
    const connection = this.#connections.get(server);
    const state = this.#view(server)?.state;
    if (state?.status === "reconnecting") {
      return textResult(`MCP tool ${tool} failed: server ${server} is reconnecting (attempt ${state.attempt})`, true);
    }
    if (!connection || state?.status !== "connected") {
      const detail = state?.status === "failed" ? ` (${state.error})` : state ? ` (${state.status})` : "";
      return textResult(`MCP tool ${tool} failed: server ${server} is not connected${detail}`, true);
    }
    const { runToolCall } = await import("./tool-call.ts");
    return runToolCall(connection, tool, args, {
      signal: options.signal,
      timeoutMs: toolTimeoutMs(this.#options.env, options.timeout),
      maxChars: maxOutputChars(this.#options.env),
      clock: this.#clock,
      saveOutput: this.#options.saveToolOutput && ((text: string) => this.#options.saveToolOutput!(server, tool, text)),
    });
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

  /** A connect the user asked for (start, approval, restart): a fresh reconnect series, shown as pending. */
  async #connect(config: ServerConfig): Promise<void> {
    const { name } = config;
    if (this.#closed) return;
    this.#reconnects.forget(name);
    const epoch = this.#bump(name);
    this.#setState(name, { status: "pending" });
    const failure = await this.#open(config, epoch);
    if (failure !== undefined && this.#current(name, epoch)) this.#setState(name, { status: "failed", error: failure.message, code: failure.code });
  }

  /** One connection attempt under `epoch`: on success the server is connected; else resolves with the failure. */
  async #open(config: ServerConfig, epoch: number, note?: string): Promise<MiniCcError | undefined> {
    const { name } = config;
    const started = this.#clock.now();
    let connection: ServerConnection | undefined;
    try {
      // The SDK client loads here, on first connect, not before the UI's first frame (about 90 ms).
      const [{ openSession }, factory] = await Promise.all([import("./server-connection.ts"), this.#transports()]);
      if (!this.#current(name, epoch)) return undefined; // closed or restarted while loading
      const session = await openSession({
        config,
        note,
        factory,
        context: { cwd: this.#options.projectDir, env: this.#options.env, groups: this.#groups },
        logDir: this.#options.logDir,
        clock: this.#clock,
        onLost: (failure) => this.#lost(name, epoch, failure),
        onToolsChanged: (list) => this.#toolsChanged(name, epoch, list),
        // Registered before the handshake, so close() during a slow connect still kills it.
        onCreated: (created) => this.#connections.set(name, (connection = created)),
      });
      if (!this.#current(name, epoch)) {
        if (this.#connections.get(name) === connection) this.#connections.delete(name);
        await session.connection.close();
        return undefined;
      }
      const connectMs = Math.round(this.#clock.now() - started);
      this.#reconnects.connected(name);
      const { tools, skippedTools, instructions } = session.server;
      this.#setState(name, { status: "connected", tools, instructions, connectMs, ...(skippedTools.length > 0 ? { skippedTools } : {}) });
      return undefined;
    } catch (error) {
      if (connection && this.#connections.get(name) === connection) this.#connections.delete(name);
      return isMiniCcError(error) ? error : new MiniCcError("connect-failed", describeError(error));
    }
  }

  async #transports(): Promise<TransportFactory> {
    return this.#factory ?? (await import("./transports.ts")).createTransport;
  }

  /** The server went away by itself: not our close() or restart(), which bump the epoch first. */
  #lost(name: string, epoch: number, failure: MiniCcError): void {
    if (!this.#current(name, epoch)) return;
    const connection = this.#connections.get(name);
    this.#connections.delete(name);
    void connection?.close();
    this.#reconnects.lost(name);
    this.#retry(name, failure);
  }

  /** Schedules the series' next attempt and shows it as reconnecting, or gives up with `failure`. */
  #retry(name: string, failure: MiniCcError): void {
    const config = this.#view(name)?.config;
    if (!config) return;
    // Superseding the lost connection's epoch drops its late callbacks.
    const epoch = this.#bump(name);
    this.#setState(name, this.#reconnects.next(name, config.resolved, failure, (n, of) => void this.#reconnect(config, epoch, `reconnect attempt ${n} of ${of}`)));
  }

  /** A scheduled attempt, unless a restart or close() superseded it; a failure schedules the next one. */
  async #reconnect(config: ServerConfig, scheduled: number, note: string): Promise<void> {
    const { name } = config;
    if (!this.#current(name, scheduled)) return;
    const epoch = this.#bump(name);
    const failure = await this.#open(config, epoch, note);
    if (failure !== undefined && this.#current(name, epoch)) this.#retry(name, failure);
  }

  #toolsChanged(name: string, epoch: number, { tools, skippedTools }: ToolList): void {
    const state = this.#view(name)?.state;
    if (!this.#current(name, epoch) || state?.status !== "connected") return;
    const { instructions, connectMs } = state;
    this.#setState(name, { status: "connected", tools, instructions, connectMs, ...(skippedTools.length > 0 ? { skippedTools } : {}) });
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
    return this.getSnapshot().servers.find((view) => view.name === name);
  }

  #setState(name: string, state: ServerState): void {
    this.update((prev) => {
      const index = prev.servers.findIndex((view) => view.name === name);
      const view = prev.servers[index];
      if (!view || sameState(view.state, state)) return prev;
      const servers = [...prev.servers];
      servers[index] = { ...view, state };
      return { servers };
    });
  }
}
