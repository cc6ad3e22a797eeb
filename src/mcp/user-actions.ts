/**
 * What the user does to one server (the approval question's answer, the
 * panel's and `/mcp`'s restart, disable, enable, approve, login, logout),
 * applied for McpManager: each checks with lifecycle.ts (through the
 * manager's dispatch) that it can happen now, then stops or starts the
 * server through the supervisor.
 */
import { isRemote, type ServerConfig } from "../config/types.ts";
import { MiniCcError } from "../errors.ts";
import type { AgentServerRuns } from "./agent-servers.ts";
import type { ApprovalChoice } from "./approvals/approval-types.ts";
import type { SandboxChoices } from "./approvals/sandbox-choices.ts";
import type { McpManagerOptions } from "./manager-options.ts";
import { readOnlyTools } from "./state/read-only-trust.ts";
import type { LifecycleEvent } from "./state/lifecycle.ts";
import type { ServerView } from "./state/server-state.ts";
import { offersTools } from "./state/snapshot-views.ts";
import type { ServerSupervisor } from "./supervisor.ts";

/** What the actions reach in McpManager. */
export interface ActionRunnerHost {
  readonly options: McpManagerOptions;
  readonly servers: ServerSupervisor;
  readonly sandboxChoices: SandboxChoices;
  readonly agents: AgentServerRuns;
  config(name: string): ServerConfig | undefined;
  view(name: string): ServerView | undefined;
  dispatch(name: string, ...events: LifecycleEvent[]): boolean;
  trustsReadOnlyHint(name: string): boolean;
}

/** The user's actions on one server at a time, as McpManager runs them (the screen's ServerActions, server-actions.ts, calls them through the manager). */
export class ActionRunner {
  readonly #host: ActionRunnerHost;

  constructor(host: ActionRunnerHost) {
    this.#host = host;
  }

  /**
   * The user's answer for a project server waiting for approval: "sandbox"
   * stores the approval and starts it sandboxed, "remember" stores it and
   * starts it with full access, "once" starts it this session only, "deny"
   * disables it. Resolves once the server has settled.
   */
  async decide(name: string, choice: ApprovalChoice): Promise<void> {
    const config = this.#host.config(name);
    if (!config || config.source !== "project" || this.#host.servers.closed) return;
    if (!this.#host.dispatch(name, { type: choice === "deny" ? "denied" : "approved" }) || choice === "deny") return;
    this.#host.sandboxChoices.answered(name, choice === "sandbox");
    let storeError: unknown;
    if (choice === "remember" || choice === "sandbox") {
      // Start it even if the approvals file cannot be written; the caller still hears why.
      await this.#host.options.approvals
        .approve(this.#host.options.projectDir, config, { sandboxed: choice === "sandbox" })
        .catch((error: unknown) => {
          storeError = error;
        });
    }
    await (this.#host.view(name)?.forAgents ? this.#host.agents.approved(config) : this.#host.servers.begin(config));
    if (storeError !== undefined) throw storeError;
  }

  /** Closes one server and connects it again now (→ pending → connected, or failed); nothing for a server that may not run. */
  async restart(name: string): Promise<void> {
    const config = this.#host.config(name);
    if (!config || this.#host.servers.closed || !this.#host.dispatch(name, { type: "restarted" })) return;
    await this.#host.servers.stop(name);
    await this.#host.servers.connect(config);
  }

  /**
   * Switches a server off: its process stops and its tools go. Remembered for
   * the project when the manager has the disabled list (the stop happens even
   * if writing it fails; the caller hears why).
   */
  async disable(name: string): Promise<void> {
    if (this.#host.servers.closed || !this.#host.dispatch(name, { type: "disabled" })) return;
    const remembered = this.#remember(name, true);
    await this.#host.servers.stop(name);
    await remembered;
  }

  /**
   * After the user took back a project server's approval (the caller forgets
   * it in the approvals file): the server stops and its tools go for the rest
   * of the session, until it is approved again.
   */
  async revoked(name: string): Promise<void> {
    if (
      this.#host.view(name)?.source !== "project" ||
      this.#host.servers.closed ||
      !this.#host.dispatch(name, { type: "revoked" })
    )
      return;
    await this.#host.servers.stop(name);
  }

  /**
   * The panel's a on a project server not approved for good (declined, or
   * started this time only): it stops and waits in needs-approval, so the
   * approval question asks again, its sandbox choice included.
   */
  async askApproval(name: string): Promise<void> {
    const view = this.#host.view(name);
    // What it offered while it ran tells the question how many of its tools would run unasked.
    const known =
      view && offersTools(view.state)
        ? { readOnlyTools: readOnlyTools(view.state.tools, this.#host.trustsReadOnlyHint(name)) }
        : {};
    if (
      view?.source !== "project" ||
      this.#host.servers.closed ||
      !this.#host.dispatch(name, { type: "approval-asked", ...known })
    )
      return;
    await this.#host.servers.stop(name);
  }

  /** Switches a disabled server back on: it connects, or asks for approval first when its entry is not approved. */
  async enable(name: string): Promise<void> {
    const view = this.#host.view(name);
    const config = this.#host.config(name);
    if (!view || !config || this.#host.servers.closed || view.state.status !== "disabled") return;
    if (view.state.cause === "user") await this.#remember(name, false);
    const needsApproval =
      view.source === "project" &&
      (await this.#host.options.approvals.status(this.#host.options.projectDir, config).catch(() => "new")) !==
        "approved";
    // An agent-scoped server goes back on standby: approval is asked when an agent needs it.
    if (view.forAgents)
      return void this.#host.dispatch(name, { type: "enabled", needsApproval: false }, { type: "agents-done" });
    if (!this.#host.dispatch(name, { type: "enabled", needsApproval }) || needsApproval) return;
    await this.#host.servers.begin(config);
  }

  async #remember(name: string, disabled: boolean): Promise<void> {
    await this.#host.options.disabledServers?.set(this.#host.options.projectDir, name, disabled);
  }

  /**
   * `/mcp login NAME`: the OAuth login (oauth/login.ts; `open` shows the
   * authorization URL), then a fresh connect. Rejects with a one-line
   * MiniCcError when the login fails; other servers are untouched.
   */
  async login(name: string, open: (url: URL) => void): Promise<void> {
    const config = this.#host.config(name);
    const store = this.#host.options.oauth;
    if (!config || this.#host.servers.closed) throw new MiniCcError("not-found", `no server named ${name}`);
    if (!isRemote(config.resolved) || !store)
      throw new MiniCcError("command-failed", `${name} is not an http or sse server: there is nothing to log in to`);
    // Logging in contacts the server: only once approved, as on every other route.
    if (this.#host.view(name)?.state.status === "needs-approval") {
      throw new MiniCcError(
        "command-failed",
        `${name} is waiting for your approval: approve it first (nothing was contacted)`,
      );
    }
    const { loginToServer, loginTimeoutMs } = await import("./connection/oauth/login.ts");
    await loginToServer({
      name,
      entry: config.resolved,
      store,
      open,
      timeoutMs: loginTimeoutMs(this.#host.options.env),
    });
    await this.restart(name);
  }

  /** `/mcp logout NAME`: forgets the server's tokens; a running session ends and the server waits for a login. */
  async logout(name: string): Promise<void> {
    const config = this.#host.config(name);
    const store = this.#host.options.oauth;
    if (!config || !isRemote(config.resolved) || !store) return;
    await store.forgetTokens(config.resolved.url);
    if (this.#host.servers.closed || !this.#host.dispatch(name, { type: "needs-auth", reason: "logged out" })) return;
    await this.#host.servers.stop(name);
  }
}
