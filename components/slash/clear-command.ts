/**
 * `/clear`: starts a new conversation: the transcript on screen and the
 * model's context are both emptied.
 */
import type { SlashCommand } from "./slash-command.ts";

/** `/clear` */
export const clearCommand: SlashCommand = {
  name: "clear",
  runs: "after the turn",
  usage: ["/clear"],
  description: "Start a new conversation (the model forgets this one)",
  run: () => ({ kind: "clear" }),
};
