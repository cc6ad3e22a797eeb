/**
 * `/exit`: closes every MCP server and quits (as do Ctrl+C twice and Ctrl+D).
 */
import type { SlashCommand } from "./slash-command.ts";

/** `/exit` */
export const exitCommand: SlashCommand = {
  name: "exit",
  runs: "now",
  usage: ["/exit"],
  description: "Quit mini-cc (also Ctrl+C twice, or Ctrl+D on an empty prompt)",
  run: () => ({ kind: "exit" }),
};
