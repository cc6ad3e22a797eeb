/**
 * `/mcp`: server status; `/mcp -v`: with tools; `/mcp restart NAME`. A failed
 * stdio server gets its log file under it, so the user can read its stderr.
 */
import { failedServerLogs } from "../../mcp/server-log-hint.ts";
import type { ServerView } from "../../mcp/server-state.ts";
import { logLine, mcpStatusLines, serverDetail } from "./mcp-status-lines.ts";
import { failure, output, type SlashCommandContext, type CommandResult, type SlashCommand } from "./slash-command.ts";

const USAGE = ["/mcp [-v]", "/mcp restart NAME"];

/** Log paths (as shown) of the failed servers among `views`; none without the log places. */
async function logsOf(views: readonly ServerView[], ctx: SlashCommandContext): Promise<ReadonlyMap<string, string>> {
  return ctx.serverLogs ? failedServerLogs(views, ctx.serverLogs) : new Map();
}

async function status(ctx: SlashCommandContext, verbose: boolean): Promise<CommandResult> {
  const snapshot = ctx.mcp.store.getSnapshot();
  const logs = await logsOf(snapshot.servers, ctx);
  return output(...mcpStatusLines(snapshot, { verbose, logs }));
}

async function restart(ctx: SlashCommandContext, name: string): Promise<CommandResult> {
  const { mcp } = ctx;
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
  if (after.state.status === "failed") {
    const log = (await logsOf([after], ctx)).get(name);
    return failure(`${name} failed to restart: ${detail}`, ...(log !== undefined ? [logLine(log)] : []));
  }
  return output(`${name} is ${after.state.status} after the restart: ${detail}`);
}

/** `/mcp`, `/mcp -v`, `/mcp restart NAME` */
export const mcpCommand: SlashCommand = {
  name: "mcp",
  usage: USAGE,
  description: "MCP servers: status, tools (-v), restart one",
  run(args, ctx) {
    const [first, second, ...rest] = args;
    if (first === undefined) return status(ctx, false);
    if ((first === "-v" || first === "--verbose") && second === undefined) return status(ctx, true);
    if (first === "restart" && second !== undefined && rest.length === 0) return restart(ctx, second);
    return failure(`Usage: ${USAGE.join("  |  ")}`);
  },
};
