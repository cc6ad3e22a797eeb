/**
 * `/mcp`: server status, and the keyboard moves to the MCP panel (a
 * full-screen view when the terminal is too narrow for the side panel);
 * `/mcp -v`: with tools; `/mcp restart [NAME]` (every server that is not
 * disabled, without a name);
 * `/mcp approve NAME` asks the approval question again for a project server
 * declined earlier in the session. A failed stdio server gets its log file
 * under it, so the user can read its stderr. `/mcp login NAME` logs in to a
 * server waiting in needs-auth (the URL shows at once, through ctx.notice);
 * `/mcp logout NAME` forgets its tokens.
 */
import { failedServerLogs } from "../../src/mcp/logs/log-hint.ts";
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import { serverView } from "../../src/mcp/state/snapshot-views.ts";
import { logLine, mcpStatusLines, serverDetail } from "../mcp-panel/status-lines.ts";
import { failure, output, type SlashCommandContext, type CommandResult, type SlashCommand } from "./slash-command.ts";
import { errorText } from "../../src/errors.ts";

const USAGE = ["/mcp [-v]", "/mcp restart [NAME]", "/mcp approve NAME", "/mcp login NAME", "/mcp logout NAME"];

/** Log paths (as shown) of the failed servers among `views`; none without the log places. */
async function logsOf(views: readonly ServerView[], ctx: SlashCommandContext): Promise<ReadonlyMap<string, string>> {
  return ctx.serverLogs ? failedServerLogs(views, ctx.serverLogs) : new Map();
}

async function status(ctx: SlashCommandContext, verbose: boolean): Promise<CommandResult> {
  const snapshot = ctx.mcp.store.getSnapshot();
  const logs = await logsOf(snapshot.servers, ctx);
  return output(...mcpStatusLines(snapshot, { verbose, logs }));
}

/** The "no such server" answer, listing the ones there are; undefined when `name` is known. */
function unknownServer(ctx: SlashCommandContext, name: string): CommandResult | undefined {
  const known = ctx.mcp.store.getSnapshot().servers.map((s) => s.name);
  if (known.includes(name)) return undefined;
  return failure(`No MCP server named "${name}". Servers: ${known.length > 0 ? known.join(", ") : "none"}.`);
}

async function approve(ctx: SlashCommandContext, name: string): Promise<CommandResult> {
  const unknown = unknownServer(ctx, name);
  if (unknown) return unknown;
  const view = serverView(ctx.mcp.store.getSnapshot(), name);
  if (view?.source !== "project")
    return failure(`${name} is a ${view?.source} server: only project servers need approval.`);
  if (view.state.status === "disabled" && view.state.cause === "user")
    return failure(`${name} is disabled: enable it first (the panel's d).`);
  // A server kept for agents waits on standby whether approved or not: asked again, it may be approved ahead of its agent.
  if (view.state.status !== "needs-approval" && view.state.status !== "disabled" && view.state.status !== "standby") {
    return output(`${name} is already approved (${view.state.status}).`);
  }
  // The approval question itself, so the choice between sandboxed and full access is made here too.
  await ctx.mcp.askApproval(name);
  return output(`Approving ${name}: answer its approval question (sandboxed or with full access).`);
}

async function restart(ctx: SlashCommandContext, name: string): Promise<CommandResult> {
  const { mcp } = ctx;
  const unknown = unknownServer(ctx, name);
  if (unknown) return unknown;
  try {
    await mcp.restart(name);
  } catch (error) {
    return failure(`Restarting ${name} failed: ${errorText(error)}`);
  }
  const after = serverView(mcp.store.getSnapshot(), name);
  if (!after) return failure(`${name} is no longer configured.`);
  const detail = serverDetail(after.state);
  if (after.state.status === "connected") return output(`Restarted ${name}: connected, ${detail}.`);
  if (after.state.status === "failed") {
    const log = (await logsOf([after], ctx)).get(name);
    return failure(`${name} failed to restart: ${detail}`, ...(log !== undefined ? [logLine(log)] : []));
  }
  return output(`${name} is ${after.state.status} after the restart: ${detail}`);
}

/** Restarts every server that may run (not disabled, not waiting for approval), all at once; one line each. */
async function restartAll(ctx: SlashCommandContext): Promise<CommandResult> {
  const names = ctx.mcp.store
    .getSnapshot()
    .servers.filter((s) => s.state.status !== "disabled" && s.state.status !== "needs-approval")
    .map((s) => s.name);
  if (names.length === 0) return output("No MCP server to restart (none is enabled and approved).");
  const results = await Promise.all(names.map((name) => restart(ctx, name)));
  const lines = results.flatMap((result) => (result.kind === "output" ? result.lines : []));
  return { kind: "output", lines, isError: results.some((result) => result.kind === "output" && result.isError) };
}

async function login(ctx: SlashCommandContext, name: string): Promise<CommandResult> {
  const { mcp } = ctx;
  const unknown = unknownServer(ctx, name);
  if (unknown) return unknown;
  try {
    await mcp.login(name, (line) => ctx.notice?.(line));
  } catch (error) {
    // One line naming the server and the step; the rest of the session goes on.
    return failure(`Login failed: ${errorText(error)}`);
  }
  const after = serverView(mcp.store.getSnapshot(), name);
  if (!after) return failure(`${name} is no longer configured.`);
  const detail = serverDetail(after.state, name);
  if (after.state.status === "connected") return output(`Logged in to ${name}: connected, ${detail}.`);
  return failure(`Logged in to ${name}, but it is ${after.state.status}: ${detail}`);
}

async function logout(ctx: SlashCommandContext, name: string): Promise<CommandResult> {
  const unknown = unknownServer(ctx, name);
  if (unknown) return unknown;
  await ctx.mcp.logout(name);
  return output(`Logged out of ${name}: its tokens are forgotten.`);
}

/** `/mcp`, `/mcp -v`, `/mcp restart NAME`, `/mcp approve NAME` */
export const mcpCommand: SlashCommand = {
  name: "mcp",
  runs: "now",
  usage: USAGE,
  description: "MCP servers: status and the panel (Tab), tools (-v), restart, approve, log in or out",
  run(args, ctx) {
    const [first, second, ...rest] = args;
    if (first === undefined) return status(ctx, false).then((result) => ({ ...result, focusPanel: true }));
    if ((first === "-v" || first === "--verbose") && second === undefined) return status(ctx, true);
    if (first === "restart" && second === undefined) return restartAll(ctx);
    if (first === "restart" && second !== undefined && rest.length === 0) return restart(ctx, second);
    if (first === "approve" && second !== undefined && rest.length === 0) return approve(ctx, second);
    if (first === "login" && second !== undefined && rest.length === 0) return login(ctx, second);
    if (first === "logout" && second !== undefined && rest.length === 0) return logout(ctx, second);
    return failure(`Usage: ${USAGE.join("  |  ")}`);
  },
};
