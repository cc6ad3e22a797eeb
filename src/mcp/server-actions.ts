/**
 * What the user does to servers, as one object the screen takes as it is
 * (the MCP panel's keys, `/mcp`): the manager's actions, and the few that
 * reach past it: revoking an approval forgets it in the approvals file, an
 * opened server's details read its approval record, log and sandbox blocks,
 * a login opens the server's page.
 */
import type { Env } from "../env.ts";
import type { SandboxAvailability } from "../sandbox/availability.ts";
import type { SandboxHost } from "../sandbox/sandbox-host.ts";
import type { ServerViolations } from "../sandbox/violations.ts";
import { type ReadableStore, Store } from "../store.ts";
import type { ApprovalChoice } from "./approvals/approval-types.ts";
import type { ApprovalsFile } from "./approvals/approvals.ts";
import type { McpManager } from "./manager.ts";
import type { OAuthStore } from "./connection/oauth/token-store.ts";
import { announceLoginPage } from "./connection/oauth/login-page.ts";
import { loadServerDetails, type ServerDetails } from "./server-details.ts";
import type { McpSnapshot } from "./state/server-state.ts";
import { serverView } from "./state/snapshot-views.ts";
import type { ToolProgress } from "./tools/progress.ts";
import type { ServerUsage } from "./tools/usage.ts";

/** The servers as the user sees and drives them. */
export interface ServerActions {
  readonly store: ReadableStore<McpSnapshot>;
  /** The user's answer for a project server waiting in `needs-approval`. */
  decide(name: string, choice: ApprovalChoice): void | Promise<void>;
  /** Closes one server and connects it again (`/mcp restart NAME`). */
  restart(name: string): Promise<void>;
  /** Switches a server off in this project, remembered (the panel's d). */
  disable(name: string): Promise<void>;
  /** Switches it back on (remembered), or undoes a "don't start" for this session. */
  enable(name: string): Promise<void>;
  /** A project server not approved for good waits for the approval question again (the one asked at start, sandbox choice included). */
  askApproval(name: string): Promise<void>;
  /** Forgets a project server's approval: it stops until approved anew (the panel's a asks again). */
  revoke(name: string): Promise<void>;
  /** What the panel shows of an opened server beyond the store: approval record, log tail, sandbox blocks. */
  details(name: string): Promise<ServerDetails>;
  /** `/mcp login NAME`: an OAuth login (`show` gets each line to print: the URL, how it was opened), then a connect; rejects with why it failed. */
  login(name: string, show: (line: string) => void): Promise<void>;
  /** `/mcp logout NAME`: forgets the server's tokens; it waits for a login again. */
  logout(name: string): Promise<void>;
  /** Running MCP calls' progress by tool-use id, published at most once a frame. */
  readonly progress: ReadableStore<ReadonlyMap<string, ToolProgress>>;
  /** Each server's tool calls this session (calls, errors, latency), by server name. */
  readonly usage: ReadableStore<ReadonlyMap<string, ServerUsage>>;
  /** Whether the sandbox can run here ("checking" until known); undefined: the approval offers no sandbox. */
  readonly sandbox: ReadableStore<SandboxAvailability | "checking" | undefined>;
  /** What the sandbox blocked per server: the panel's counts and lines. */
  readonly violations: ReadableStore<Readonly<Record<string, ServerViolations>>>;
}

export interface ServerActionParts {
  readonly manager: McpManager;
  readonly approvals: ApprovalsFile;
  readonly sandbox: SandboxHost;
  readonly projectDir: string;
  readonly logDir: string;
  /** To show paths as `~/…`. */
  readonly userHome: string;
  /** For opening a login page. */
  readonly env: Env;
  /** Where remote servers' logins are kept: the opened view says how each authenticates. */
  readonly oauth: Pick<OAuthStore, "read" | "now">;
}

/** The actions, and `checkSandbox` to learn whether the approval may offer "Start sandboxed" (off the first frame's path). */
export function serverActions(parts: ServerActionParts): ServerActions & { checkSandbox(): Promise<void> } {
  const { manager, approvals, sandbox, projectDir } = parts;
  const availability = new Store<SandboxAvailability | "checking">("checking");
  return {
    store: manager,
    progress: manager.progress,
    usage: manager.usage,
    sandbox: availability,
    violations: sandbox.violations,
    decide: (name, choice) => manager.decide(name, choice),
    restart: (name) => manager.restart(name),
    disable: (name) => manager.disable(name),
    enable: (name) => manager.enable(name),
    askApproval: (name) => manager.askApproval(name),
    login: (name, show) => manager.login(name, (url) => announceLoginPage(name, url, parts.env, show)),
    logout: (name) => manager.logout(name),
    async revoke(name) {
      await approvals.forget(projectDir, [name]);
      await manager.revoked(name);
    },
    async details(name) {
      const server = serverView(manager.getSnapshot(), name);
      if (!server) return { logTail: [] };
      const sources = {
        approvals,
        projectDir,
        logDir: parts.logDir,
        userHome: parts.userHome,
        oauth: { store: parts.oauth, env: parts.env },
      };
      return loadServerDetails(server, sources, sandbox.violations.getSnapshot());
    },
    checkSandbox: async () => {
      const known = await sandbox.availability();
      availability.update(() => known);
    },
  };
}
