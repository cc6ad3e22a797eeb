/**
 * What the project-server approval shows: the server's command (or URL) as
 * it will run, a warning when the entry changed since it was approved, and
 * with several servers waiting, every one of them with its command, since
 * "start all" approves them all.
 */
import { isRemote } from "../config/types.ts";
import type { ServerView } from "../mcp/server-state.ts";
import { terminalSafeLine } from "../text/terminal-safe.ts";
import { line, type BodyLine } from "./approval-body.ts";
import { displayFile } from "./display-path.ts";
import { launchLines } from "./server-launch.ts";

/** Columns a command is indented under what it belongs to. */
const COMMAND_INDENT = 4;

/** `project · .mcp.json`, or `1 of 6 · project · .mcp.json` when several are asked about. */
export function serverApprovalNote(server: ServerView, position: number, total: number, cwd: string): string {
  const file = server.config ? terminalSafeLine(displayFile(server.config.file, cwd)) : "";
  return [...(total > 1 ? [`${position} of ${total}`] : []), server.source, ...(file === "" ? [] : [file])].join(" · ");
}

/** The rows under the title for `server`: its command, then the list of all `waiting` when there are several. */
export function serverApprovalBody(server: ServerView, waiting: readonly ServerView[]): BodyLine[] {
  const remote = server.config !== undefined && isRemote(server.config.entry);
  const previous = server.state.status === "needs-approval" ? server.state.previous : undefined;
  const rows: BodyLine[] = [
    line(remote ? "mini-cc will connect to it, as you:" : "It will run as you, on this machine:"),
    ...commandRows(server, "command", COMMAND_INDENT),
  ];
  if (previous) {
    rows.push(line("⚠ This entry changed since you approved it. Before, it was:", "warning"));
    rows.push(...launchLines(previous).map((text) => line(text, "dim", COMMAND_INDENT)));
  }
  if (waiting.length > 1) {
    rows.push(line(""), line(`All ${waiting.length} servers waiting to start:`, "strong"));
    for (const view of waiting) {
      const mark = view.name === server.name ? "❯ " : "  ";
      rows.push(line(`${mark}${terminalSafeLine(view.name)}`, view.name === server.name ? "strong" : "plain", 2));
      rows.push(...commandRows(view, "dim", COMMAND_INDENT + 2));
    }
  }
  return rows;
}

function commandRows(server: ServerView, tone: "command" | "dim", indent: number): BodyLine[] {
  const lines = server.config ? launchLines(server.config.entry) : ["(entry unavailable)"];
  return lines.map((text) => line(text, tone, indent));
}
