/**
 * Connected servers' prompts and custom commands (.claude/commands) as entries of /help and slash completion. They
 * run as turns, not as commands (ChatSession queues them like prompts; the
 * runtime expands them), so `run` only says how to use one.
 */
import { promptCommands, promptUsage } from "../../src/mcp/features/prompts.ts";
import type { McpSnapshot } from "../../src/mcp/state/server-state.ts";
import { output, type SlashCommand } from "./slash-command.ts";
import { customCommandUsage, type CustomCommand } from "../../src/session/custom-commands.ts";

/** `/mcp__srv__prompt <city> [units]` — its description (or title). */
export function promptSlashCommands(snapshot: McpSnapshot): SlashCommand[] {
  return promptCommands(snapshot).map((command) => {
    const usage = promptUsage(command);
    const description =
      command.prompt.description || command.prompt.title || `Prompt ${command.prompt.name} from ${command.server}`;
    return {
      name: command.command.toLowerCase(),
      runs: "as a turn",
      usage: [usage],
      description,
      run: () => output(`Usage: ${usage}`),
    };
  });
}

/** `.claude/commands` files as /help and completion entries: `/review <pr>` — its description (project or user). */
export function customSlashCommands(commands: readonly CustomCommand[]): SlashCommand[] {
  return commands.map((command) => {
    const usage = customCommandUsage(command);
    return {
      name: command.name.toLowerCase(),
      runs: "as a turn",
      usage: [usage],
      description: `${command.description} (${command.scope})`,
      run: () => output(`Usage: ${usage}`),
    };
  });
}
