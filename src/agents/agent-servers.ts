/**
 * The seam between a subagent and the servers only it sees: before its first
 * request the subagent asks for its definition's servers, offers their tools
 * to itself alone, and releases them when it ends. src/mcp implements it;
 * until then `noAgentServers` stands in, and says of each server named that
 * it did not start, so the model never meets a silently empty tool list.
 */
import type { Tool } from "../tools/tool.ts";
import type { AgentDefinition } from "./definition.ts";

export interface AgentServerFailure {
  server: string;
  reason: string;
}

export interface AgentServerSet {
  tools: Tool[];
  failures: AgentServerFailure[];
  /** Called once, when the agent ends: the servers may stop when no running agent needs them. */
  release(): void;
}

export interface AgentServers {
  serversForAgent(definition: AgentDefinition): Promise<AgentServerSet>;
}

export const noAgentServers: AgentServers = {
  async serversForAgent(definition) {
    return {
      tools: [],
      failures: definition.mcpServers.map((server) => ({
        server: server.name,
        reason: "agent-scoped servers are not available in this build",
      })),
      release() {},
    };
  },
};

/** The lines a tool result starts with when servers failed: which, and why. */
export function serverFailureText(failures: readonly AgentServerFailure[]): string {
  return failures
    .map((f) => `MCP server "${f.server}" of this agent failed to start: ${f.reason}. Its tools were not available.`)
    .join("\n");
}
