/**
 * One subagent run: a fresh conversation holding only its prompt, the
 * definition's system prompt, its allowed tools (and its own servers' tools,
 * through the AgentServers seam), the parent's permission chain and modes.
 * The same loop as the main thread (agent/turn-loop.ts); its events come out
 * wrapped as `subagent` events under the Agent call, and its last message is
 * the call's result.
 */
import { Agent } from "../agent/agent.ts";
import type { ConversationEntry } from "../agent/conversation.ts";
import type { AgentEvent, PermissionPrompt } from "../agent/events.ts";
import type { PermissionChain } from "../agent/permissions.ts";
import { SystemContext } from "../agent/system-sections.ts";
import { INTERRUPTED } from "../agent/tool-runner.ts";
import type { Clock } from "../clock.ts";
import type { Model } from "../model/model.ts";
import { textResult, type Tool, type ToolResult } from "../tools/tool.ts";
import { type AgentServers, serverFailureText } from "./agent-servers.ts";
import type { AgentDefinition } from "./definition.ts";

/** What every subagent of a session shares with its main thread. */
export interface SubagentContext {
  /** The session's model (`inherit`). */
  model: Model;
  /** The model a definition names; the session's own when it cannot be switched (the scripted model). */
  modelFor: (id: string) => Promise<Model>;
  /** The main thread's tools, Agent left out. */
  parentTools: () => readonly Tool[];
  permissions: PermissionChain;
  ask: PermissionPrompt;
  cwd: string;
  userHome?: string;
  clock: Clock;
  servers: AgentServers;
  /** Saves a subagent's conversation beside the parent's (the session file). */
  record?: (entry: SubagentEntry) => void;
}

/** A subagent's conversation change, as the session file keeps it. */
export type SubagentEntry = Extract<ConversationEntry, { type: "agent_entry" }>;

export interface SubagentRun {
  definition: AgentDefinition;
  prompt: string;
  /** The Agent call's id: its events and saved lines are filed under it. */
  parentId: string;
  signal: AbortSignal;
  /** The Agent tool the subagent itself gets (one level deeper), if its tools allow it. */
  nestedAgentTool?: Tool;
}

export async function* runSubagent(context: SubagentContext, run: SubagentRun): AsyncGenerator<AgentEvent, ToolResult> {
  const { definition, parentId } = run;
  const wrap = (event: AgentEvent): AgentEvent => ({ type: "subagent", parentId, agent: definition.name, event });
  const servers = await context.servers.serversForAgent(definition, run.signal);
  try {
    const model = definition.model ? await context.modelFor(definition.model) : context.model;
    const tools = [...allowedTools(context.parentTools(), definition, run.nestedAgentTool), ...servers.tools];
    const record = context.record;
    const agent = new Agent({
      model,
      tools: () => tools,
      permissions: context.permissions,
      ask: context.ask,
      system: new SystemContext({
        cwd: context.cwd,
        clock: context.clock,
        mcpInstructions: () => "",
        systemPrompt: definition.prompt,
        ...(context.userHome !== undefined ? { userHome: context.userHome } : {}),
      }),
      cwd: context.cwd,
      clock: context.clock,
      agentName: definition.name,
      ...(record
        ? { record: (entry) => record({ type: "agent_entry", parentId, agent: definition.name, entry }) }
        : {}),
    });
    const errors: string[] = [];
    let end: Extract<AgentEvent, { type: "turn_end" }> | undefined;
    for await (const event of agent.runTurn(run.prompt, run.signal)) {
      // The subagent's context notes (instruction files, the date) are the main thread's already.
      if (event.type === "system_note") continue;
      if (event.type === "error") errors.push(event.message);
      if (event.type === "turn_end") end = event;
      yield wrap(event);
    }
    const failed = servers.failures.length > 0 ? `${serverFailureText(servers.failures)}\n\n` : "";
    if (end?.reason === "aborted") return textResult(INTERRUPTED, true);
    if (end?.reason === "error" || end === undefined)
      return textResult(`${failed}The ${definition.name} agent failed: ${errors.join("; ") || "no reply"}`, true);
    return textResult(`${failed}${end.resultText.trim() || "(the agent gave no final message)"}`);
  } finally {
    servers.release();
  }
}

/** The parent's tools the definition allows (all of them when it names none), the nested Agent tool among them. */
function allowedTools(parent: readonly Tool[], definition: AgentDefinition, nested: Tool | undefined): Tool[] {
  const names = definition.tools;
  const allows = (tool: Tool) =>
    names === undefined || names.includes(tool.name) || (tool.aliases ?? []).some((alias) => names.includes(alias));
  const own = parent.filter(allows);
  return nested && allows(nested) ? [...own, nested] : own;
}
