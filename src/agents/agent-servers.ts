/**
 * The seam between a subagent and the servers only it sees: before its first
 * request the subagent asks for its definition's servers, offers their tools
 * to itself alone, and releases them when it ends. McpManager.serversForAgent
 * (src/mcp/agent-servers.ts) starts them; a failure reaches the model in the
 * tool result, never as a silently empty tool list.
 */
import type {
  AgentServerFailure,
  AgentServerRequest,
  AgentServers as AgentServerSet,
} from "../mcp/agent-server-request.ts";
import type { AgentDefinition } from "./definition.ts";

export type { AgentServerFailure, AgentServerSet };

export interface AgentServers {
  /** `signal`: the run's own (Esc): waiting for a start or an approval stops. */
  serversForAgent(definition: AgentDefinition, signal?: AbortSignal): Promise<AgentServerSet>;
}

/** The seam over McpManager: a definition as the request it takes. */
export function managedAgentServers(manager: {
  serversForAgent(request: AgentServerRequest): Promise<AgentServerSet>;
}): AgentServers {
  return {
    serversForAgent: (definition, signal) =>
      manager.serversForAgent({
        name: definition.name,
        ...(definition.file !== undefined ? { file: definition.file } : {}),
        projectInput: definition.projectInput,
        mcpServers: definition.mcpServers.map((server) =>
          server.kind === "named" ? server.name : { name: server.name, entry: server.entry },
        ),
        ...(signal ? { signal } : {}),
      }),
  };
}

/** The lines a tool result starts with when servers failed: which, and why. */
export function serverFailureText(failures: readonly AgentServerFailure[]): string {
  return failures
    .map((f) => `MCP server "${f.server}" of this agent failed to start: ${f.reason}. Its tools were not available.`)
    .join("\n");
}
