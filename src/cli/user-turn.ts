/**
 * What the user typed, made into the turn the agent runs: a server prompt
 * command (`/mcp__srv__prompt a b`) becomes its messages, and `@server:uri`
 * mentions attach their resources. The TUI and print mode both send lines
 * through here; a prompt that cannot be expanded ends the turn with its reason.
 */
import type { Agent } from "../agent/agent.ts";
import type { AgentEvent } from "../agent/events.ts";
import type { McpManager } from "../mcp/manager.ts";
import { expandPromptCommand } from "../mcp/prompts.ts";
import { attachMentions } from "../mcp/resource-mentions.ts";

type Env = Readonly<Record<string, string | undefined>>;

export async function* runUserTurn(agent: Agent, manager: McpManager, env: Env, line: string, signal: AbortSignal): AsyncGenerator<AgentEvent, void> {
  const expanded = await expandPromptCommand(line, manager, env, signal);
  if (expanded && "error" in expanded) {
    yield { type: "error", message: expanded.error };
    yield { type: "turn_end", reason: "error", numTurns: 0, resultText: "" };
    return;
  }
  const prompt = expanded ? expanded.blocks : await attachMentions(line, manager, env, signal);
  yield* agent.runTurn(prompt, signal);
}
