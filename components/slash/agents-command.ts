/**
 * `/agents`: the subagents the Agent tool can start, with the file each
 * comes from and the servers it brings (src/agents/agent-list.ts).
 */
import { failure, output, type SlashCommand } from "./slash-command.ts";

export const agentsCommand: SlashCommand = {
  name: "agents",
  runs: "now",
  usage: ["/agents"],
  description: "List the subagents, their files and their MCP servers",
  run: (args, { sessions }) => {
    if (args.length > 0) return failure("Usage: /agents");
    return sessions?.agentLines ? output(...sessions.agentLines()) : failure("This session has no subagents.");
  },
};
