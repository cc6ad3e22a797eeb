/**
 * The text of `/mcp` and `/mcp -v`: one aligned line per server
 * (`tracker  connected  project  3 tools`), and with -v each tool under it,
 * by the name the model sees, with its hints and title. Under a failed
 * stdio server, the log file holding its stderr.
 */
import { stillStartingText } from "../../src/mcp/state/startup-silence.ts";
import type { McpSnapshot, ServerState, ServerView } from "../../src/mcp/state/server-state.ts";
import { mcpSummaryText } from "./mcp-summary.ts";
import { plural } from "../rows/words.ts";
import { firstLine, skippedToolText } from "../../src/config/describe.ts";
import { toolViews, type McpToolView } from "../../src/mcp/tools/offered-tools.ts";
import { featureLines } from "../../src/mcp/features/feature-lines.ts";
import { needsAuthText } from "../../src/mcp/state/status-table.ts";

/** Indent of the lines under a server: its tools, its log. */
export const SUB_INDENT = "    ";

/** What follows the source column: tool count, or why the server is not usable (a retrying one: why it last failed). */
export function serverDetail(state: ServerState, name = "NAME", lastFailure?: string): string {
  switch (state.status) {
    case "connected":
      return state.cacheNote
        ? `${plural(state.tools.length, "tool")} (${firstLine(state.cacheNote)})`
        : plural(state.tools.length, "tool");
    case "cached":
      return `ready (cached) · ${plural(state.tools.length, "tool")}`;
    case "pending":
      return state.stillStarting
        ? `${stillStartingText(state.silence)}; its tools are added when it connects`
        : "connecting…";
    case "reconnecting":
      return `reconnecting (attempt ${state.attempt})${lastFailure ? ` · last failure: ${firstLine(lastFailure)}` : ""}`;
    case "failed":
      return firstLine(state.error);
    case "disabled":
      return firstLine(state.reason);
    case "needs-approval":
      return "waiting for your approval";
    case "needs-auth":
      return needsAuthText(`/mcp login ${name}`, firstLine(state.reason));
    case "standby":
      return "for agents: starts when an agent that names it runs";
  }
}

/** `read-only`, `destructive`, `open-world`…: the hints the server declared, briefly. */
export function toolHints(tool: Pick<McpToolView, "readOnly" | "annotations">): string[] {
  const { destructiveHint, openWorldHint } = tool.annotations;
  const hints: string[] = [];
  // The spec gives destructiveHint a meaning only for tools that may change something.
  if (tool.readOnly) hints.push("read-only");
  else if (destructiveHint !== undefined) hints.push(destructiveHint ? "destructive" : "non-destructive");
  if (openWorldHint !== undefined) hints.push(openWorldHint ? "open-world" : "closed-world");
  return hints;
}

/** `mcp__tracker__list_issues  (read-only) — List issues`: a tool by the name the model sees. */
export function registeredToolLine(tool: McpToolView): string {
  const hints = toolHints(tool);
  const title = tool.annotations.title?.trim() ?? "";
  return `${tool.name}${hints.length > 0 ? `  (${hints.join(", ")})` : ""}${title !== "" ? ` — ${title}` : ""}`;
}

function toolLines(server: ServerView, tools: readonly McpToolView[]): string[] {
  if (server.state.status !== "connected" && server.state.status !== "cached") return [];
  const offered = tools
    .filter((tool) => tool.server === server.name)
    .map((tool) => SUB_INDENT + registeredToolLine(tool));
  // Left out tools are said, so a tool missing from the model's list is never a mystery.
  const skipped = (server.state.skippedTools ?? []).map((tool) => SUB_INDENT + skippedToolText(tool));
  const features = server.state.status === "connected" ? featureLines(server.name, server.state, SUB_INDENT) : [];
  return [...features, ...offered, ...skipped];
}

/** `    log: ~/.mini-cc/logs/mcp-b.log` */
export function logLine(path: string): string {
  return `${SUB_INDENT}log: ${path}`;
}

/** What /mcp shows beyond the snapshot. */
export interface StatusLineOptions {
  /** `/mcp -v`: each connected server's tools under it, by the names the model sees. */
  readonly verbose?: boolean;
  /** Log paths as shown to the user, by server name: each under its server. */
  readonly logs?: ReadonlyMap<string, string>;
}

/** The /mcp listing. */
export function mcpStatusLines(snapshot: McpSnapshot, options: StatusLineOptions = {}): string[] {
  const { logs } = options;
  const tools = options.verbose ? toolViews(snapshot) : undefined;
  const { servers } = snapshot;
  if (servers.length === 0) {
    return ["No MCP servers configured. Declare them in .mcp.json, or add one with `mini-cc mcp add`."];
  }
  const nameWidth = Math.max(...servers.map((s) => s.name.length));
  const statusWidth = Math.max(...servers.map((s) => s.state.status.length));
  const sourceWidth = Math.max(...servers.map((s) => s.source.length));
  const lines = [mcpSummaryText(snapshot)];
  for (const server of servers) {
    const columns = [
      server.name.padEnd(nameWidth),
      server.state.status.padEnd(statusWidth),
      server.source.padEnd(sourceWidth),
      serverDetail(server.state, server.name, server.health.lastFailure),
    ];
    lines.push(columns.join("  "));
    if (tools) lines.push(...toolLines(server, tools));
    const log = logs?.get(server.name);
    if (log !== undefined) lines.push(logLine(log));
  }
  return lines;
}
