/**
 * A session's subagents: the definitions found (load-agents.ts) and
 * `--agent NAME`, which makes the main thread one of them: its prompt, its
 * tools (the list narrows the session's), its model and its servers, started
 * for the main thread through the same seam a subagent's go through.
 */
import type { Tool } from "../tools/tool.ts";
import { MiniCcError } from "../errors.ts";
import { type AgentServerSet, serverFailureText } from "../agents/agent-servers.ts";
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
export function findSessionAgents(options: SessionAgentsOptions): SessionAgents {
  const loaded = loadAgents({
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
