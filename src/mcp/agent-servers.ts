/**
 * Agent-scoped servers (issue 34): servers kept out of the main
 * conversation, started when an agent that names them starts and stopped
 * when no running agent needs them. Two kinds: a `.mcp.json` entry with
 * `"scope": "agents"`, and an entry an agent's file declares inline. Both
 * live in McpManager's store like every server (the same states, the same
 * panel), marked `forAgents`, so whatever the main conversation is offered
 * (snapshot-views.ts, conversationServers) leaves them out; they wait on
 * standby until an agent needs them. An agent may also name a server of the
 * main conversation: it gets its tools, and the server is not held (it is the
 * parent's).
 *
 * Approval is asked when the agent starts, not at launch: a project agent's
 * inline servers and a project `"scope": "agents"` entry go through the same
 * approvals (initial-state.ts) as any project server, the question naming the
 * file that declares them.
 */
import { expandEntry } from "../config/expand.ts";
import { validateEntry } from "../config/schema.ts";
import { isInvalid, type DeclaredServer, type ServerConfig } from "../config/types.ts";
import type { Env } from "../env.ts";
import type { ReadableStore } from "../store.ts";
import type {
  AgentServerFailure,
  AgentServerRequest,
  AgentServers,
  InlineAgentServer,
} from "./agent-server-request.ts";
import { canonicalJson } from "./approvals/fingerprint.ts";
import { initialView, type ApprovalContext } from "./state/initial-state.ts";
import type { LifecycleEvent } from "./state/lifecycle.ts";
import type { McpSnapshot, ServerView } from "./state/server-state.ts";
import { serverView } from "./state/snapshot-views.ts";
import { agentToolsOf } from "./tools/offered-tools.ts";
import type { McpCaller } from "./tools/mcp-tool.ts";
import type { ServerSupervisor } from "./supervisor.ts";
import { agentServerProblem, onStandby, settledView } from "./agent-server-states.ts";

export type { AgentServerRequest, AgentServers } from "./agent-server-request.ts";

/** What AgentServerRuns is handed by McpManager: its store, its dispatch, its supervisor's connect and stop. */
export interface AgentServersHost {
  readonly servers: ReadableStore<McpSnapshot>;
  dispatch(name: string, ...events: LifecycleEvent[]): boolean;
  /** A listed server's config, expanded entry included. */
  config(name: string): ServerConfig | undefined;
  /** Adds a server (an agent's inline one) to the store, or replaces its view. */
  put(view: ServerView, config?: ServerConfig): void;
  /** Starts and stops the servers; after close() (`closed`) nothing starts. */
  readonly supervisor: Pick<ServerSupervisor, "connect" | "stop" | "closed">;
  /** How a new server's first state is found: approvals, policy, the user's switches. */
  approvalContext(): Promise<ApprovalContext>;
  caller: McpCaller;
  trusted(server: string): boolean;
  env: Env;
}

/** One server an agent named: ready to offer, or why not. */
type Acquired = { readonly ready: string } | AgentServerFailure;

/** The agent-scoped servers' holds: which running agents need which server. */
export class AgentServerRuns {
  readonly #host: AgentServersHost;
  /** How many running agents hold each agent-scoped server. */
  readonly #holds = new Map<string, number>();

  constructor(host: AgentServersHost) {
    this.#host = host;
  }

  /** A new listing of servers (the old processes are closed): nobody holds anything. */
  reset(): void {
    this.#holds.clear();
  }

  /**
   * Starts (in parallel, after approval where one is needed) the servers the
   * agent names and resolves once each is ready or has failed. Never rejects:
   * a server it cannot use is a failure that says why.
   */
  async serversForAgent(request: AgentServerRequest): Promise<AgentServers> {
    const held: string[] = [];
    const acquired = await Promise.all(request.mcpServers.map((item) => this.#acquire(request, item, held)));
    const ready = new Set(acquired.flatMap((one) => ("ready" in one ? [one.ready] : [])));
    const failures = acquired.filter((one): one is AgentServerFailure => "reason" in one);
    const { caller, trusted } = this.#host;
    const tools = agentToolsOf(this.#host.servers.getSnapshot(), ready, caller, (server) => trusted(server));
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      for (const name of held) this.#release(name);
    };
    return { tools, failures, release };
  }

  /** After the user approved an agent-scoped server: it starts if an agent still waits for it, else back to standby. */
  async approved(config: ServerConfig): Promise<void> {
    if ((this.#holds.get(config.name) ?? 0) > 0) await this.#host.supervisor.connect(config);
    else this.#host.dispatch(config.name, { type: "agents-done" });
  }

  async #acquire(request: AgentServerRequest, item: string | InlineAgentServer, held: string[]): Promise<Acquired> {
    const server = typeof item === "string" ? item : item.name;
    if (this.#host.supervisor.closed) return { server, reason: "the session is closing" };
    const found = typeof item === "string" ? this.#named(item) : await this.#inline(request, item);
    if ("reason" in found) return found;
    const view = this.#view(server);
    if (view?.forAgents) {
      this.#hold(view, request.name);
      held.push(server);
    }
    const refused = await this.#startIfStandby(found);
    if (refused) return refused;
    const settled = await settledView(this.#host.servers, server, request.signal);
    const problem = settled
      ? agentServerProblem(settled.name, settled.state, settled.health.lastFailure)
      : "it is gone";
    return problem === undefined ? { ready: server } : { server, reason: problem };
  }

  /** A configured server by name, or why there is none. */
  #named(name: string): ServerConfig | AgentServerFailure {
    const config = this.#host.config(name);
    if (config) return config;
    const invalid = this.#view(name)?.state;
    if (invalid?.status === "failed") return { server: name, reason: invalid.error };
    const known = this.#host.servers.getSnapshot().servers.map((view) => view.name);
    const listed = known.length > 0 ? `configured: ${known.slice(0, 20).join(", ")}` : "none is configured";
    return { server: name, reason: `no MCP server named ${name} (${listed})` };
  }

  /** An agent's own server: validated, added to the store in its first state (standby, disabled…), or why not. */
  async #inline(request: AgentServerRequest, item: InlineAgentServer): Promise<ServerConfig | AgentServerFailure> {
    const { name } = item;
    const file = request.file ?? `agent ${request.name}`;
    const valid = validateEntry(item.entry, ["mcpServers", name]);
    if (!valid.ok) return { server: name, reason: `${file}: ${valid.error}` };
    const config: ServerConfig = {
      name,
      source: request.projectInput ? "project" : "user",
      file,
      entry: valid.entry,
      resolved: expandEntry(valid.entry, this.#host.env).entry,
    };
    const existing = this.#existing(config);
    if (existing) return existing;
    const initial = await initialView(config, await this.#host.approvalContext());
    // Another agent may have declared it while the approvals were read.
    const declared = this.#existing(config);
    if (declared) return declared;
    const view = { ...inlineNotApproved(initial, file), forAgents: { agents: [request.name] } };
    this.#host.put(onStandby(view), agentScoped(config));
    return agentScoped(config);
  }

  /** A server of that name already listed: the same entry is shared; another entry under its name is a clash. */
  #existing(config: ServerConfig): ServerConfig | AgentServerFailure | undefined {
    const { name } = config;
    const listed = this.#host.config(name);
    if (listed && canonicalJson(listed.entry) === canonicalJson(config.entry)) return listed;
    if (!listed && !this.#view(name)) return undefined;
    const where = listed ? ` in ${listed.file}` : "";
    return {
      server: name,
      reason: `${config.file} declares a server named ${name}, but another server of that name is declared${where}: rename one of them`,
    };
  }

  /** One more running agent needs the server; the panel lists the agent with it. */
  #hold(view: ServerView, agent: string): void {
    this.#holds.set(view.name, (this.#holds.get(view.name) ?? 0) + 1);
    const agents = view.forAgents?.agents ?? [];
    if (!agents.includes(agent)) this.#host.put({ ...view, forAgents: { agents: [...agents, agent] } });
  }

  /**
   * A server on standby is started, or asked about first: its state is found
   * again as at launch (approvals, the user's switches), since the user may
   * have answered or changed something since. Undefined when it may start or waits for the user.
   */
  async #startIfStandby(config: ServerConfig): Promise<AgentServerFailure | undefined> {
    const { name } = config;
    if (this.#view(name)?.state.status !== "standby") return undefined;
    const { state } = await initialView(config, await this.#host.approvalContext());
    if (this.#view(name)?.state.status !== "standby") return undefined; // another agent got there first
    if (state.status === "pending") {
      if (this.#host.dispatch(name, { type: "agent-started" })) await this.#host.supervisor.connect(config);
      return undefined;
    }
    if (state.status === "needs-approval") {
      const { readOnlyTools, previous } = state;
      this.#host.dispatch(name, {
        type: "approval-asked",
        ...(readOnlyTools ? { readOnlyTools } : {}),
        ...(previous ? { previous } : {}),
      });
      return undefined;
    }
    // Not approved with nobody to ask, or switched off: it stays on standby.
    return { server: name, reason: agentServerProblem(name, state) ?? state.status };
  }

  /** An agent ended: a server no running agent holds any more stops (and a question about it is withdrawn). */
  #release(name: string): void {
    const left = (this.#holds.get(name) ?? 1) - 1;
    if (left > 0) {
      this.#holds.set(name, left);
      return;
    }
    this.#holds.delete(name);
    if (this.#host.dispatch(name, { type: "agents-done" })) void this.#host.supervisor.stop(name);
  }

  #view(name: string): ServerView | undefined {
    return serverView(this.#host.servers.getSnapshot(), name);
  }
}

/** Each valid declared server's config by name, agent-scoped ones (`"scope": "agents"`) run on demand. */
export function runnableConfigs(declared: readonly DeclaredServer[]): Map<string, ServerConfig> {
  const valid = declared.flatMap((server) => (isInvalid(server) ? [] : [server]));
  return new Map(valid.map((server) => [server.name, server.entry.scope === "agents" ? agentScoped(server) : server]));
}

/** A listed server's view: a `"scope": "agents"` one waits on standby (connectListed starts only pending ones). */
export function listedView(view: ServerView): ServerView {
  return view.config?.entry.scope === "agents" ? onStandby(view) : view;
}

/** An agent's own server not approved with nobody to ask (`-p`): the reason says where it is declared and how to approve it. */
function inlineNotApproved(view: ServerView, file: string): ServerView {
  const { state } = view;
  if (state.status !== "disabled" || state.cause !== "not-approved") return view;
  const reason = `not approved: declared in ${file}, a project file; approve it with \`mini-cc mcp approve --agents ${view.name}\` or when the agent first needs it in an interactive session`;
  return { ...view, state: { ...state, reason } };
}

/**
 * How an agent-scoped server runs: started on demand, so an `"idleTimeoutMs"`
 * stops it like a lazy server's (state/startup.ts). Only the expanded entry
 * changes; the entry as written (what approvals fingerprint) stays.
 */
export function agentScoped(config: ServerConfig): ServerConfig {
  return { ...config, resolved: { ...config.resolved, startup: "lazy" } };
}
