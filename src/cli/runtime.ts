/**
 * One session's parts, wired in the order data flows (DESIGN.md): config →
 * approvals → McpManager → tools → agent. Print mode and the TUI both start
 * here; they differ only in who answers questions.
 */
import { homedir } from "node:os";
import { Agent } from "../agent/agent.ts";
import { systemClock } from "../clock.ts";
import type { PermissionPrompt } from "../agent/events.ts";
import { PermissionChain } from "../agent/permissions.ts";
import { SystemContext } from "../agent/system-sections.ts";
import type { AgentOptions } from "./cli-args.ts";
import { UsageError } from "./cli-args.ts";
import { loadMcpConfig, type LoadedConfig } from "../config/load.ts";
import { parseMcpConfigArg } from "../config/mcp-config-arg.ts";
import { resolveHome, type HomePaths } from "../home.ts";
import { ApprovalsFile } from "../mcp/approvals.ts";
import { McpManager } from "../mcp/manager.ts";
import type { ServerView } from "../mcp/server-state.ts";
import { createModel } from "../model/default-model.ts";
import type { Model } from "../model/model.ts";
import { builtinTools } from "../tools/builtin.ts";
import type { Tool } from "../tools/tool.ts";

type Env = Readonly<Record<string, string | undefined>>;

export interface RuntimeOptions {
  options: AgentOptions;
  cwd: string;
  env: Env;
  /** Where config warnings go (stderr). */
  warn: (message: string) => void;
  /** True for the TUI: project servers wait for the user's answer. */
  interactive: boolean;
  /** Answers permission requests; print mode's chain never asks. */
  ask: PermissionPrompt;
  homeDir?: string;
  /** Registers a synchronous last-chance cleanup (process exit, SIGTERM): the CLI hooks it to the process. */
  onExit?: (cleanup: () => void) => void;
}

export interface Runtime {
  readonly home: HomePaths;
  readonly config: LoadedConfig;
  readonly model: Model;
  readonly manager: McpManager;
  readonly permissions: PermissionChain;
  readonly agent: Agent;
  /** Built-in tools first, then every connected server's. */
  tools(): readonly Tool[];
  /** Lists and connects every declared server; resolves when each has settled or waits for approval. */
  startServers(): Promise<void>;
  /** The TUI's two steps of startServers: list every server (its first frame shows them), then connect them. */
  listServers(): Promise<void>;
  connectServers(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Checks everything the user typed before anything starts: a bad script,
 * --mcp-config value or tool rule is a UsageError (exit 2), and no server runs.
 */
export async function createRuntime(init: RuntimeOptions): Promise<Runtime> {
  const { options, cwd, env } = init;
  const model = await asUsageError(() =>
    createModel({ scriptPath: options.modelScript, env, maxChunkDelayMs: init.interactive ? undefined : 0 }),
  );
  for (const value of options.mcpConfig) await asUsageError(() => parseMcpConfigArg(value, cwd));
  const permissions = await asUsageError(async () =>
    new PermissionChain({
      mode: options.permissionMode,
      allow: options.allowedTools,
      deny: options.disallowedTools,
      cwd,
      canAsk: init.interactive,
    }),
  );

  const home = resolveHome(env, init.homeDir ?? homedir());
  const config = await loadMcpConfig({ cwd, home, env, extra: options.mcpConfig, strict: options.strictMcpConfig });
  for (const message of [...config.problems, ...config.warnings]) init.warn(message);

  const approvals = new ApprovalsFile({ file: home.approvals, clock: systemClock, warn: init.warn });
  const manager = new McpManager({ projectDir: cwd, approvals, logDir: home.logs, env, interactive: init.interactive });
  // Even on a hard exit no server process may outlive us, wrappers' children included.
  init.onExit?.(() => manager.killAllServerProcessGroups());
  const system = new SystemContext({ cwd, clock: systemClock, mcpInstructions: () => manager.instructionsSection() });
  // The MCP section of the system prompt follows the servers: rebuild it when their tools or instructions change.
  manager.subscribe((next, prev) => {
    if (next.servers.length !== prev.servers.length || next.servers.some((s, i) => connectedPart(s) !== connectedPart(prev.servers[i]))) {
      system.invalidate();
    }
  });
  const builtins = builtinTools({ env });
  const tools = (): readonly Tool[] => [...builtins, ...manager.tools()];
  const agent = new Agent({ model, tools, permissions, ask: init.ask, system, cwd, maxRounds: options.maxTurns });

  return {
    home,
    config,
    model,
    manager,
    permissions,
    agent,
    tools,
    startServers: () => manager.start(config.servers),
    listServers: () => manager.list(config.servers),
    connectServers: () => manager.connectListed(),
    close: () => manager.close(),
  };
}

/** What of a server's state the system prompt depends on. */
function connectedPart(server: ServerView | undefined) {
  return server?.state.status === "connected" ? server.state : undefined;
}

async function asUsageError<T>(make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const usageCodes = ["script-not-found", "invalid-script", "invalid-mcp-config", "invalid_tool_rule"];
    if (typeof code === "string" && usageCodes.includes(code)) throw new UsageError((error as Error).message);
    throw error;
  }
}
