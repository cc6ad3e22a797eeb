/**
 * `/compact [what to keep]`: the conversation is summarised by the model and
 * goes on from the summary. It runs as a turn (queued behind a running one,
 * Esc interrupts it), so the session sends it to the runtime like a prompt.
 */
import { failure, type SlashCommand } from "./slash-command.ts";

export const compactCommand: SlashCommand = {
  name: "compact",
  runs: "as a turn",
  usage: ["/compact [what to keep]"],
  description: "Summarise the conversation to free context (the summary keeps what you name)",
  run: () => failure("/compact runs as a turn."),
};
