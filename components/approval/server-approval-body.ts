/**
 * What the project-server approval shows: the server's command (or URL) as
 * it will run, a warning when the entry changed since it was approved, and
 * with several servers waiting, every one of them with its command, since
 * "start all" approves them all.
 */
import { readOnlyToolsText } from "../../src/mcp/state/read-only-trust.ts";
import { isRemote } from "../../src/config/types.ts";
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { line, type BodyLine } from "../rows/body-lines.ts";
import { agentHeading } from "../mcp-panel/panel-groups.ts";
import { displayFile } from "../rows/display-path.ts";
import { launchLines } from "../../src/config/describe.ts";
import type { SandboxAvailability } from "../../src/sandbox/availability.ts";
import type { SandboxOffer } from "./approval-options.ts";

/**
 * What the approval offers of the sandbox for `server`: nothing for a remote
 * server or an entry whose `"sandbox"` decides, else the sandboxed choice
 * (available, checking, or not) with the hosts the entry would allow.
 */
export function sandboxOfferFor(
  server: ServerView,
  sandbox: SandboxAvailability | "checking" | undefined,
): SandboxOffer | undefined {
  const entry = server.config?.entry;
  if (sandbox === undefined || !entry || isRemote(entry) || entry.sandbox !== undefined) return undefined;
  return { availability: sandbox === "checking" ? undefined : sandbox, hosts: [] };
}

/** Columns a command is indented under what it belongs to. */
const COMMAND_INDENT = 4;

/**
 * `project · .mcp.json`, or `1 of 6 · project · .mcp.json` when several are asked about;
 * `project · agent qa · .claude/agents/qa.md` for a server an agent needs.
 */
export function serverApprovalNote(server: ServerView, position: number, total: number, cwd: string): string {
  const file = server.config ? terminalSafeLine(displayFile(server.config.file, cwd)) : "";
  return [
    ...(total > 1 ? [`${position} of ${total}`] : []),
    server.source,
    // An agent-scoped server: the agents that need it, as the panel heads their group.
    ...(server.forAgents ? [agentHeading(server.forAgents.agents)] : []),
    ...(file === "" ? [] : [file]),
  ].join(" · ");
}

/**
 * The rows under the title: how the server runs and its command, with a
 * warning when the entry changed since it was approved. With several waiting,
 * all of them, `server` marked, since "start all" approves every one.
 */
export function serverApprovalBody(server: ServerView, waiting: readonly ServerView[]): BodyLine[] {
  if (waiting.length <= 1)
    return [line(runsAs([server])), ...entryRows(server, "command", COMMAND_INDENT), ...readOnlyRows(server)];
  return [
    line(runsAs(waiting)),
    ...waiting.flatMap((view) => {
      const current = view.name === server.name;
      return [
        line(`${current ? "❯" : " "} ${terminalSafeLine(view.name)}`, current ? "strong" : "plain", 2),
        ...entryRows(view, current ? "command" : "dim", COMMAND_INDENT + 2),
        ...(current ? readOnlyRows(view) : []),
      ];
    }),
  ];
}

/** "Once started, its read-only tools run without asking: 2 of 5", when the tools are known. */
function readOnlyRows(server: ServerView): BodyLine[] {
  const known = server.state.status === "needs-approval" ? server.state.readOnlyTools : undefined;
  return known ? [line(`Once started, ${readOnlyToolsText(known)}.`, "dim")] : [];
}

function runsAs(servers: readonly ServerView[]): string {
  const [only] = servers;
  const setting =
    servers.length === 1 && only?.config && !isRemote(only.config.entry) ? only.config.entry.sandbox : undefined;
  if (setting !== undefined && setting !== false)
    return "It will run in the sandbox (its entry says so), on this machine:";
  const remote = servers.filter((s) => s.config !== undefined && isRemote(s.config.entry)).length;
  if (servers.length === 1)
    return remote === 1 ? "mini-cc will connect to it, as you:" : "It will run as you, on this machine:";
  if (remote === 0) return `All ${servers.length} will run as you, on this machine:`;
  if (remote === servers.length) return `mini-cc will connect to all ${servers.length}, as you:`;
  return `All ${servers.length} will start as you, on this machine or over the network:`;
}

/** The server's command (or URL) and, when its entry changed since approved, what it was. */
function entryRows(server: ServerView, tone: "command" | "dim", indent: number): BodyLine[] {
  const lines = server.config ? launchLines(server.config.entry) : ["(entry unavailable)"];
  const rows = lines.map((text) => line(text, tone, indent));
  const previous = server.state.status === "needs-approval" ? server.state.previous : undefined;
  if (!previous) return rows;
  return [
    ...rows,
    line("⚠ This entry changed since you approved it. Before, it was:", "warning", indent - COMMAND_INDENT),
    ...launchLines(previous).map((text) => line(text, "dim", indent)),
  ];
}
