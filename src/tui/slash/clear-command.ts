/**
 * `/clear`: empties the transcript on screen.
 */
import type { SlashCommand } from "./slash-command.ts";

/** `/clear` */
export const clearCommand: SlashCommand = {
  name: "clear",
  usage: ["/clear"],
  description: "Clear the transcript",
  run: () => ({ kind: "clear" }),
};
