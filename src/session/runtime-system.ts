/**
 * createRuntime's system prompt step (runtime.ts): the prompt's parts, its MCP section made anew whenever a
 * server's connected tools or instructions change.
 */
import { SystemContext } from "../agent/system-sections.ts";
import type { Clock } from "../clock.ts";
import type { ServerView } from "../mcp/state/server-state.ts";
import type { RuntimeOptions } from "./runtime-api.ts";
import type { McpParts } from "./runtime-mcp.ts";

/** The system prompt's parts; its MCP section follows the servers' tools and instructions. */
export function systemContext(
  init: RuntimeOptions,
  userHome: string,
  clock: Clock,
  manager: McpParts["manager"],
  /** `--agent`'s prompt: the base prompt, unless --system-prompt replaces it. */
  agentPrompt?: string,
) {
  const { options } = init;
  const systemPrompt = options.systemPrompt ?? agentPrompt;
  const system = new SystemContext({
    cwd: init.cwd,
    userHome,
    clock,
    mcpInstructions: () => manager.instructionsSection(),
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(options.appendSystemPrompt !== undefined ? { appendSystemPrompt: options.appendSystemPrompt } : {}),
  });
  manager.subscribe((next, prev) => {
    if (
      next.servers.length !== prev.servers.length ||
      next.servers.some((s, i) => connectedPart(s) !== connectedPart(prev.servers[i]))
    ) {
      system.invalidate();
    }
  });
  return system;
}

/** What of a server's state the system prompt depends on. */
function connectedPart(server: ServerView | undefined) {
  const status = server?.state.status;
  return status === "connected" || status === "cached" ? server?.state : undefined;
}
