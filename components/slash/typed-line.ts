/**
 * A typed line, parsed once: a prompt for the model, or a slash command with
 * when it runs (its own declaration). ChatSession runs or queues it by that.
 */
import { isPromptCommand } from "../../src/mcp/features/prompts.ts";
import { parseSlash, type SlashInput } from "./parse-slash.ts";
import type { CommandTiming, SlashCommand } from "./slash-command.ts";

export interface TypedLine {
  readonly text: string;
  /** Absent for a prompt. */
  readonly slash?: SlashInput;
  /** The command typed, when the session knows it. */
  readonly command?: SlashCommand;
  readonly runs: CommandTiming;
}

/**
 * A prompt is a turn; a command runs as it declares; a server's prompt not
 * listed yet (its server still starting) is a turn too; an unknown command
 * runs now (to say it is unknown).
 */
export function typedLine(text: string, commands: readonly SlashCommand[]): TypedLine {
  const slash = parseSlash(text);
  if (!slash) return { text, runs: "as a turn" };
  const command = commands.find((c) => c.name === slash.name);
  if (command) return { text, slash, command, runs: command.runs };
  return { text, slash, runs: isPromptCommand(slash.name) ? "as a turn" : "now" };
}
