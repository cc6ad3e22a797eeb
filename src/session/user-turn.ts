/**
 * What the user typed, made into the turn the agent runs: a custom command
 * (`/review 42`) becomes its file's prompt, a server prompt
 * command (`/mcp__srv__prompt a b`) becomes its messages, and `@server:uri`
 * and `@file` mentions attach their resources and files (prompt-mentions.ts). The TUI and print mode both send lines
 * through here; a prompt that cannot be expanded ends the turn with its reason.
 */
import type { Agent } from "../agent/agent.ts";
import type { AgentEvent } from "../agent/events.ts";
import type { McpManager } from "../mcp/manager.ts";
import { expandPromptCommand, promptCommandName } from "../mcp/features/prompts.ts";
import type { McpSnapshot } from "../mcp/state/server-state.ts";
import { conversationServers } from "../mcp/state/snapshot-views.ts";
import { attachPromptMentions } from "./prompt-mentions.ts";
import type { Env } from "../env.ts";
import type { PathScope } from "../tools/real-paths.ts";
import { customCommandFor, expandCustomCommand, type CustomCommand } from "./custom-commands.ts";

export async function* runUserTurn(
  agent: Agent,
  manager: McpManager,
  env: Env,
  typed: string,
  signal: AbortSignal,
  customCommands: readonly CustomCommand[] = [],
  cwd = process.cwd(),
  folders?: PathScope,
): AsyncGenerator<AgentEvent, void> {
  // A custom command (`.claude/commands/NAME.md`) becomes its prompt, which may mention resources in turn.
  const custom = customCommandFor(typed, customCommands);
  const line = custom ? expandCustomCommand(custom.command, custom.rest) : typed;
  // A server offered from the tool cache has no prompts or resources until it is live.
  const waitFor = cachedServersNamed(line, manager.getSnapshot());
  if (waitFor.length > 0) await manager.connectCached(waitFor, signal);
  const expanded = custom ? undefined : await expandPromptCommand(line, manager, env, signal);
  if (expanded && "error" in expanded) {
    yield { type: "error", message: expanded.error };
    yield { type: "turn_end", reason: "error", numTurns: 0, resultText: "" };
    return;
  }
  if (expanded) return yield* agent.runTurn(expanded.blocks, signal);
  const mentioned = await attachPromptMentions(line, {
    cwd,
    resources: manager,
    env,
    signal,
    ...(folders ? { folders } : {}),
  });
  for (const outcome of mentioned.outcomes) yield { type: "attachment", ...outcome };
  yield* agent.runTurn(mentioned.prompt, signal);
}

/** Servers offered from the cache whose prompt (`/mcp__srv__…`) or resource (`@srv:…`) the line names. */
export function cachedServersNamed(line: string, snapshot: McpSnapshot): string[] {
  const typed = line.trim().toLowerCase();
  return conversationServers(snapshot)
    .filter((view) => view.state.status === "cached")
    .map((view) => view.name)
    .filter((name) => typed.startsWith(`/${promptCommandName(name, "").toLowerCase()}`) || line.includes(`@${name}:`));
}
