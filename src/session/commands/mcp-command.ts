/**
 * `/mcp`: server status; `/mcp -v`: with tools; `/mcp restart NAME`.
 */
import type { TuiMcp } from "../tui-runtime.ts";
import { mcpStatusLines, serverDetail } from "./mcp-status-lines.ts";
import { failure, output, type CommandResult, type SlashCommand } from "./slash-command.ts";

const USAGE = ["/mcp [-v]", "/mcp restart NAME"];

async function restart(mcp: TuiMcp, name: string): Promise<CommandResult> {
  const known = mcp.store.getSnapshot().servers.map((s) => s.name);
  if (!known.includes(name)) {
    const list = known.length > 0 ? known.join(", ") : "none";
    return failure(`No MCP server named "${name}". Servers: ${list}.`);
  }
  try {
    await mcp.restart(name);
  } catch (error) {
    return failure(`Restarting ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const after = mcp.store.getSnapshot().servers.find((s) => s.name === name);
  if (!after) return failure(`${name} is no longer configured.`);
  const detail = serverDetail(after.state);
  if (after.state.status === "connected") return output(`Restarted ${name}: connected, ${detail}.`);
  if (after.state.status === "failed") return failure(`${name} failed to restart: ${detail}`);
  return output(`${name} is ${after.state.status} after the restart: ${detail}`);
}

/** `/mcp`, `/mcp -v`, `/mcp restart NAME` */
export const mcpCommand: SlashCommand = {
  name: "mcp",
  usage: USAGE,
  description: "MCP servers: status, tools (-v), restart one",
  run(args, { mcp }) {
    const [first, second, ...rest] = args;
    if (first === undefined) return output(...mcpStatusLines(mcp.store.getSnapshot()));
    if ((first === "-v" || first === "--verbose") && second === undefined) {
      return output(...mcpStatusLines(mcp.store.getSnapshot(), mcp.tools()));
    }
    if (first === "restart" && second !== undefined && rest.length === 0) return restart(mcp, second);
    return failure(`Usage: ${USAGE.join("  |  ")}`);
  },
};
