/**
 * A session's subagents: the definitions found (load-agents.ts) and
 * `--agent NAME`, which makes the main thread one of them: its prompt, its
 * tools (the list narrows the session's), its model and its servers, started
 * for the main thread through the same seam a subagent's go through.
 */
import type { Tool } from "../tools/tool.ts";
import type { PermissionChain } from "../agent/permissions.ts";
import type { Clock } from "../clock.ts";
import type { HomePaths } from "../home.ts";
import type { McpManager } from "../mcp/manager.ts";
import { createModel } from "../model/default-model.ts";
import type { Model } from "../model/model.ts";
import { ScriptedModel } from "../model/scripted-model.ts";
import type { ModelChoice } from "./model-choice.ts";
import type { RuntimeOptions } from "./runtime-api.ts";
import type { SessionRecorder } from "./session-recorder.ts";
import { MiniCcError } from "../errors.ts";
import { type AgentServerSet, managedAgentServers, serverFailureText } from "../agents/agent-servers.ts";
import { AGENT_TOOL, AgentTool } from "../agents/agent-tool.ts";
import type { SubagentContext } from "../agents/subagent.ts";
import type { AgentDefinition } from "../agents/definition.ts";
import { loadAgents } from "../agents/load-agents.ts";

export interface SessionAgentsOptions {
  cwd: string;
  userHome: string;
  miniCcHome: string;
  /** --agents values. */
  flags: readonly string[];
  /** --agent NAME. */
  mainAgent: string | undefined;
  /** The built-in tools' names (an agent's `tools` is checked against them). */
  builtinNames: readonly string[];
  warn: (message: string) => void;
}

export interface SessionAgents {
  readonly definitions: readonly AgentDefinition[];
  /** `--agent`'s definition, when given. */
  readonly main: AgentDefinition | undefined;
}

/** Every definition (problems said through `warn`); a usage error when `--agent` names none of them. */
export async function findSessionAgents(options: SessionAgentsOptions): Promise<SessionAgents> {
  const loaded = await loadAgents({
    cwd: options.cwd,
    userHome: options.userHome,
    miniCcHome: options.miniCcHome,
    flags: options.flags,
    knownTools: [...options.builtinNames, AGENT_TOOL, "Task"],
  });
  for (const problem of loaded.problems) options.warn(problem);
  const definitions = loaded.agents;
  if (options.mainAgent === undefined) return { definitions, main: undefined };
  const main = definitions.find((agent) => agent.name === options.mainAgent);
  if (!main) {
    const known = definitions.map((agent) => agent.name).join(", ");
    throw new MiniCcError("usage", `--agent: no agent named ${JSON.stringify(options.mainAgent)} (known: ${known})`);
  }
  return { definitions, main };
}

export interface RunningAgents {
  /** The main thread's tools: `builtins`, then Agent, then `rest`; under `--agent` narrowed to its list, its servers' tools added. */
  offered(builtins: readonly Tool[], rest: readonly Tool[]): Tool[];
  /** Lets `--agent`'s servers go (the session ends). */
  release(): void;
}

/**
 * The Agent tool over the definitions, and `--agent`'s servers started for the main thread
 * (a failure said through `warn`). A subagent gets the main thread's tools, Agent left out:
 * it gets its own, a level deeper.
 */
export async function startSessionAgents(
  agents: SessionAgents,
  context: SubagentContext,
  warn: (message: string) => void,
): Promise<RunningAgents> {
  const tool: AgentTool = new AgentTool(() => agents.definitions, {
    ...context,
    parentTools: () => context.parentTools().filter((t) => t !== tool),
  });
  const main = agents.main;
  const servers = main ? await context.servers.serversForAgent(main) : undefined;
  if (servers && servers.failures.length > 0) warn(serverFailureText(servers.failures));
  return {
    offered(builtins, rest) {
      const all = [...builtins, tool, ...rest];
      return main && servers ? mainAgentTools(all, main, servers) : all;
    },
    release: () => servers?.release(),
  };
}

/** The main thread's tools under `--agent`: the session's narrowed to the agent's list, its servers' added. */
function mainAgentTools(all: readonly Tool[], main: AgentDefinition, servers: AgentServerSet): Tool[] {
  const allowed = main.tools;
  const own =
    allowed === undefined
      ? [...all]
      : all.filter((tool) => allowed.includes(tool.name) || (tool.aliases ?? []).some((n) => allowed.includes(n)));
  return [...own, ...servers.tools];
}

/** What the session's subagents are built from (runtime.ts's agentParts). */
export interface SubagentParts {
  userHome: string;
  home: HomePaths;
  /** The built-in tools as made (an agent's `tools` is checked against their names). */
  builtins: readonly Tool[];
  /** The model the session started with (the scripted model cannot be switched). */
  model: Model;
  models: ModelChoice;
  recorder: SessionRecorder;
  permissions: PermissionChain;
  clock: Clock;
  manager: McpManager;
  /** The main thread's tools (read when a subagent starts). */
  tools: () => readonly Tool[];
}

/** The definitions, the Agent tool with `--agent`'s servers started, and `--agent`'s model chosen. */
export async function sessionSubagents(
  init: RuntimeOptions,
  parts: SubagentParts,
): Promise<{ agents: SessionAgents; subagents: RunningAgents }> {
  const { options, cwd, env } = init;
  const { model, models } = parts;
  const agents = await findSessionAgents({
    cwd,
    userHome: parts.userHome,
    miniCcHome: parts.home.root,
    flags: options.agents ?? [],
    mainAgent: options.agent,
    builtinNames: parts.builtins.flatMap((tool) => [tool.name, ...(tool.aliases ?? [])]),
    warn: init.warn,
  });
  const scripted = model instanceof ScriptedModel;
  const subagents = await startSessionAgents(
    agents,
    {
      model: models.agentModel,
      modelFor: (id) => (scripted ? Promise.resolve(models.agentModel) : createModel({ env, model: id })),
      parentTools: parts.tools,
      permissions: parts.permissions,
      ask: init.ask,
      cwd,
      userHome: parts.userHome,
      clock: parts.clock,
      servers: managedAgentServers(parts.manager),
      record: parts.recorder.record,
    },
    init.warn,
  );
  if (agents.main?.model && options.model === undefined && !scripted) await models.choose(agents.main.model);
  return { agents, subagents };
}
