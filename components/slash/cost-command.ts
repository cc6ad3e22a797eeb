/**
 * `/cost`: the session's tokens (input, output, cache read and write) and
 * their price in USD by model; a model with no known price shows tokens only.
 */
import { failure, output, type SlashCommand } from "./slash-command.ts";

export const costCommand: SlashCommand = {
  name: "cost",
  runs: "now",
  usage: ["/cost"],
  description: "Show the tokens and the cost of this session",
  run: (_args, { sessions }) =>
    sessions ? output(...sessions.costLines()) : failure("This session cannot show its cost."),
};
