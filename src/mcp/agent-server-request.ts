/**
 * The seam between an agent's run and its MCP servers: what the runtime asks
 * (McpManager.serversForAgent) when an agent starts, and what it gets back.
 * An agent's `mcpServers` names servers already configured (`.mcp.json`,
 * a `"scope": "agents"` entry among them) or declares its own, inline.
 */
import type { ServerEntry } from "../config/types.ts";
import type { Tool } from "../tools/tool.ts";

/** A server an agent's file declares itself, in `.mcp.json`'s entry format. */
export interface InlineAgentServer {
  readonly name: string;
  /** As parsed from the frontmatter: validated again here, so a bad one is a failure naming its field. */
  readonly entry: ServerEntry;
}

/** One agent about to run, and the servers it names. */
export interface AgentServerRequest {
  /** The agent's name (`subagent_type`): the panel groups its servers under it. */
  readonly name: string;
  /** The file that defines it (absent for `--agents JSON` and built-ins): the approval question names it. */
  readonly file?: string;
  /** A project agent file is project input: its inline servers need approval as `.mcp.json` servers do. */
  readonly projectInput: boolean;
  /** Names of configured servers, or inline entries. */
  readonly mcpServers: readonly (string | InlineAgentServer)[];
  /** Stops waiting (for a start, or for the user's approval): those servers come back as failures. */
  readonly signal?: AbortSignal;
}

/** A server the agent named that it cannot use, and why: said in the tool result, never a silent empty list. */
export interface AgentServerFailure {
  readonly server: string;
  readonly reason: string;
}

/** What an agent gets: its servers' tools, those that failed, and the hand-back once it ends. */
export interface AgentServers {
  /**
   * The tools of every server it named that is ready, under the names the model
   * sees (`mcp__<server>__<tool>`; a configured main-conversation server's
   * tools under the same names as in the parent's list).
   */
  readonly tools: Tool[];
  readonly failures: AgentServerFailure[];
  /** Call once when the agent ends: an agent-scoped server no running agent needs stops. Later calls do nothing. */
  release(): void;
}
