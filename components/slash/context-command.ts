/**
 * `/context`: what fills the model's context window now, part by part, with
 * free space and the auto-compact threshold.
 */
import { failure, output, type SlashCommand } from "./slash-command.ts";

export const contextCommand: SlashCommand = {
  name: "context",
  runs: "now",
  usage: ["/context"],
  description: "Show what fills the context window",
  run: (_args, { sessions }) =>
    sessions ? output(...sessions.contextLines()) : failure("This session cannot show its context."),
};
