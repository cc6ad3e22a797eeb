/**
 * The built-in slash commands and the one function that runs a typed line.
 */
import { addDirCommand } from "./add-dir-command.ts";
import { clearCommand } from "./clear-command.ts";
import { exitCommand } from "./exit-command.ts";
import { helpCommand } from "./help-command.ts";
import { hooksCommand } from "./hooks-command.ts";
import { agentsCommand } from "./agents-command.ts";
import { mcpCommand } from "./mcp-command.ts";
import { parseSlash, type SlashInput } from "./parse-slash.ts";
import { permissionsCommand } from "./permissions-command.ts";
import { compactCommand } from "./compact-command.ts";
import { contextCommand } from "./context-command.ts";
import { costCommand } from "./cost-command.ts";
import { modelCommand } from "./model-command.ts";
import { resumeCommand } from "./resume-command.ts";
import { sandboxCommand } from "./sandbox-command.ts";
import { tasksCommand } from "./tasks-command.ts";
import { failure, type SlashCommandContext, type CommandResult, type SlashCommand } from "./slash-command.ts";
import { errorText } from "../../src/errors.ts";

/** In /help order. */
export const BUILTIN_COMMANDS: readonly SlashCommand[] = [
  mcpCommand,
  addDirCommand,
  compactCommand,
  contextCommand,
  costCommand,
  modelCommand,
  resumeCommand,
  sandboxCommand,
  tasksCommand,
  permissionsCommand,
  hooksCommand,
  agentsCommand,
  clearCommand,
  helpCommand,
  exitCommand,
];

/** Runs `line` as a slash command; null when the line is a prompt for the model. */
export async function runSlashCommand(
  line: string,
  ctx: Omit<SlashCommandContext, "commands">,
  commands: readonly SlashCommand[] = BUILTIN_COMMANDS,
): Promise<CommandResult | null> {
  const parsed = parseSlash(line);
  return parsed ? runParsedCommand(parsed, ctx, commands) : null;
}

/** Runs a line already parsed as a slash command (ChatSession parses each line once). */
export async function runParsedCommand(
  parsed: SlashInput,
  ctx: Omit<SlashCommandContext, "commands">,
  commands: readonly SlashCommand[] = BUILTIN_COMMANDS,
): Promise<CommandResult> {
  const command = commands.find((c) => c.name === parsed.name);
  if (!command) return failure(`Unknown command /${parsed.name}. Type /help for the list.`);
  try {
    return await command.run(parsed.args, { ...ctx, commands });
  } catch (error) {
    return failure(`/${parsed.name} failed: ${errorText(error)}`);
  }
}
