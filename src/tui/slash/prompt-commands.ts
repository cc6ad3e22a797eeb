/**
 * Connected servers' prompts as entries of /help and slash completion. They
 * run as turns, not as commands (ChatSession queues them like prompts; the
 * runtime expands them), so `run` only says how to use one.
 */
import { promptCommands, promptUsage } from "../../mcp/features/prompts.ts";
import type { McpSnapshot } from "../../mcp/state/server-state.ts";
import { output, type SlashCommand } from "./slash-command.ts";

/** `/mcp__srv__prompt <city> [units]` — its description (or title). */
export function promptSlashCommands(snapshot: McpSnapshot): SlashCommand[] {
  return promptCommands(snapshot).map((command) => {
    const usage = promptUsage(command);
    const description = command.prompt.description || command.prompt.title || `Prompt ${command.prompt.name} from ${command.server}`;
    return { name: command.command.toLowerCase(), usage: [usage], description, run: () => output(`Usage: ${usage}`) };
  });
}
