/**
 * A server opened in the MCP panel, as rows of text: what runs (command and
 * args, or URL and header names — never header or env values), scope and
 * file, approval (with a line-by-line diff when the entry changed), state
 * history with times, tools with their hints and what their schemas cost in
 * every request, instructions, usage this session, and the log's last lines.
 * Pure and React-free: the panel only colours rows by tone. Everything that
 * came from a config, a server or a log goes through terminal-safe.ts.
 */
import { isRemote, type ServerEntry } from "../../src/config/types.ts";
import { medianMs, type ServerUsage, type ToolUsage } from "../../src/mcp/tools/usage.ts";
import type { ServerHealth } from "../../src/mcp/state/server-state.ts";
import type { McpSnapshot, ServerView } from "../../src/mcp/state/server-state.ts";
import { shownTools } from "../../src/mcp/tools/offered-tools.ts";
import { fingerprint } from "../../src/mcp/approvals/fingerprint.ts";
import { commandLine, skippedToolText } from "../../src/config/describe.ts";
import { toolTokens } from "../../src/mcp/tools/tokens.ts";
import { terminalSafeLine, terminalSafeText } from "../../src/text/terminal-safe.ts";
import { line, type BodyLine } from "../rows/body-lines.ts";
import { fileDiffLines } from "../rows/file-diff.ts";
import { plural } from "../rows/words.ts";
import { serverDetail, toolHints } from "./status-lines.ts";
import type { ServerDetails } from "../../src/mcp/server-details.ts";

/** Log lines shown unless `l` asked for the whole tail. */
const LOG_SHOWN_LINES = 8;

/** Transitions shown; older ones are summed up as `…`. */
const HISTORY_SHOWN = 8;
const INDENT = 2;

/** What the opened view shows besides the server itself. */
export interface ServerPanelOptions {
  /** The instructions' text, not only their size (`i`). */
  readonly showInstructions?: boolean;
  /** The server's tool calls this session (none when absent). */
  readonly usage?: ServerUsage;
  /** Its running tasks (the Tasks extension), one terminal-safe line each: `task ID working: message`. */
  readonly tasks?: readonly string[];
  /** The log's whole tail (`l`), not only its last lines. */
  readonly showLog?: boolean;
  /** What the last key did to it (`r`: `restarting…`, then how it went), under its name. */
  readonly notice?: { readonly text: string; readonly isError: boolean };
}

/** Every row of the opened server, top to bottom. */
export function serverPanelLines(
  view: ServerView,
  snapshot: McpSnapshot,
  details: ServerDetails | undefined,
  options: ServerPanelOptions = {},
): BodyLine[] {
  return [
    line(`${safe(view.name)} · ${view.state.status} · ${view.source}`, "strong"),
    line(
      safe(serverDetail(view.state, view.name, view.health.lastFailure)),
      view.state.status === "failed" ? "removed" : "dim",
      INDENT,
    ),
    ...(options.notice ? [line(safe(options.notice.text), options.notice.isError ? "removed" : "added", INDENT)] : []),
    ...section("Runs", runsLines(view)),
    ...section("Approval", approvalLines(view, details)),
    ...section("Sandbox", sandboxLines(details)),
    ...section(
      "Authentication",
      (details?.oauth ?? []).map(([label, value]) => line(safe(`${label}: ${value}`), "dim", INDENT)),
    ),
    ...section(
      "History (since start)",
      historyLines(view.health, view.state.status === "connected" ? view.state.connectMs : undefined),
    ),
    ...section(
      "Running tasks",
      (options.tasks ?? []).map((text) => line(text, "dim", INDENT)),
    ),
    ...section("Tools", toolLines(view, snapshot, options.usage ?? {})),
    ...section("Instructions", instructionLines(view, options.showInstructions === true)),
    ...section("Log", logLines(details, options.showLog === true)),
  ];
}

function section(title: string, rows: readonly BodyLine[]): BodyLine[] {
  return rows.length === 0 ? [] : [line(""), line(title, "strong"), ...rows];
}

function safe(text: string): string {
  return terminalSafeLine(text);
}

function runsLines(view: ServerView): BodyLine[] {
  const config = view.config;
  if (!config) return [line("invalid entry: never started", "removed", INDENT)];
  const { entry } = config;
  const rows = isRemote(entry)
    ? [line(`${entry.type} ${safe(entry.url)}`, "command", INDENT), ...names("headers", entry.headers)]
    : [line(safe(commandLine(entry)), "command", INDENT), ...names("env", entry.env)];
  if (entry.timeout !== undefined) rows.push(line(`connect timeout ${entry.timeout} ms`, "dim", INDENT));
  if (view.state.status === "connected" && view.state.protocolVersion)
    rows.push(line(`MCP ${safe(view.state.protocolVersion)}`, "dim", INDENT));
  rows.push(line(`${view.source} scope · ${safe(config.file)}`, "dim", INDENT));
  if (config.shadows)
    rows.push(
      line(
        `⚠ overrides the ${config.shadows.join(" and ")} scope's entry of the same name, which does not run`,
        "warning",
        INDENT,
      ),
    );
  return rows;
}

/** `env: TOKEN, REGION`: names only, since values may be secrets written in the file. */
function names(label: string, values: Record<string, string> | undefined): BodyLine[] {
  const keys = Object.keys(values ?? {});
  return keys.length === 0 ? [] : [line(`${label}: ${keys.map(safe).join(", ")}`, "dim", INDENT)];
}

/** How it is confined and, newest last, what the sandbox blocked (its log has every line). */
function sandboxLines(details: ServerDetails | undefined): BodyLine[] {
  const sandbox = details?.sandbox;
  if (!sandbox) return [];
  const blocked = sandbox.blocked.map((text) => line(safe(text), "warning", INDENT));
  return [
    line(safe(sandbox.profile), "dim", INDENT),
    ...(blocked.length > 0 ? blocked : [line("nothing blocked so far", "dim", INDENT)]),
  ];
}

function approvalLines(view: ServerView, details: ServerDetails | undefined): BodyLine[] {
  if (view.source !== "project") return [line(`not needed (${view.source} scope)`, "dim", INDENT)];
  if (!view.config) return [];
  const print = `fingerprint ${fingerprint(view.config.entry)}`;
  const approval = details?.approval;
  const previous = approval?.previous ?? (view.state.status === "needs-approval" ? view.state.previous : undefined);
  const rows: BodyLine[] = [];
  if (!details) rows.push(line("…", "dim", INDENT));
  else if (approval?.status === "approved")
    rows.push(
      line(
        `approved for this project${approval.approvedAt ? ` on ${localTimeText(approval.approvedAt)}` : ""}`,
        "added",
        INDENT,
      ),
    );
  else if (approval?.status === "changed")
    rows.push(line("changed since you approved it (a: approve this entry)", "warning", INDENT));
  else rows.push(line("not approved (a: approve)", "warning", INDENT));
  rows.push(line(print, "dim", INDENT));
  if (previous)
    rows.push(
      line("approved entry → declared entry:", "dim", INDENT),
      ...fileDiffLines(entryText(previous), entryText(view.config.entry)).map(indented),
    );
  return rows;
}

/** One field a line, so a diff says which one changed; header values are never shown. */
export function entryText(entry: ServerEntry): string {
  const rows = [`type: ${entry.type ?? "stdio"}`];
  if (isRemote(entry)) {
    rows.push(`url: ${entry.url}`, ...Object.keys(entry.headers ?? {}).map((name) => `header: ${name}`));
  } else {
    rows.push(`command: ${entry.command}`, ...(entry.args ?? []).map((arg) => `arg: ${arg}`));
    rows.push(...Object.entries(entry.env ?? {}).map(([key, value]) => `env: ${key}=${value}`));
  }
  if (entry.timeout !== undefined) rows.push(`timeout: ${entry.timeout}`);
  return `${rows.join("\n")}\n`;
}

function indented(row: BodyLine): BodyLine {
  return { ...row, indent: (row.indent ?? 0) + INDENT };
}

/** `1.2 s`: panel times are read, not compared digit by digit. */
export function secondsText(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * One row per transition, timed from when the session listed the server
 * (`connected at 2.4 s (after 2.0 s)`), then how long the connect took,
 * reconnects and the last failure.
 */
export function historyLines(health: ServerHealth, connectMs: number | undefined): BodyLine[] {
  const shown = health.history.slice(-HISTORY_SHOWN);
  const rows: BodyLine[] = [];
  if (health.history.length > shown.length)
    rows.push(line(`… ${health.history.length - shown.length} earlier`, "dim", INDENT));
  shown.forEach((step, i) => {
    const before = i > 0 ? shown[i - 1]! : undefined;
    const after = before ? ` (after ${secondsText(step.at - before.at)})` : "";
    rows.push(line(`${step.status} at ${secondsText(step.at)}${after}`, "plain", INDENT));
  });
  const facts = [
    ...(connectMs !== undefined ? [`connected after ${secondsText(connectMs)}`] : []),
    health.reconnects === 0 ? "no reconnects" : plural(health.reconnects, "reconnect attempt"),
  ];
  rows.push(line(facts.join(" · "), "dim", INDENT));
  if (health.lastFailure !== undefined)
    rows.push(line(`last failure: ${safe(health.lastFailure.split("\n", 1)[0] ?? "")}`, "removed", INDENT));
  return rows;
}

/** `3 Dec 2026, 17:56`: the approval's time on this machine's clock and zone. */
export function localTimeText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

function toolLines(view: ServerView, snapshot: McpSnapshot, calls: ServerUsage): BodyLine[] {
  const { state } = view;
  const usage = (tool: string) => calls[tool];
  if (state.status !== "connected") {
    const used = Object.keys(calls);
    return used.length === 0
      ? [line("none while not connected", "dim", INDENT)]
      : used.flatMap((tool) => usageRows(tool, usage(tool)!));
  }
  const tools = shownTools(snapshot).filter((tool) => tool.server === view.name);
  const costs = tools.map((tool) => toolTokens(tool.name, tool.server, tool.info));
  const total = costs.reduce((sum, n) => sum + n, 0);
  const rows = [
    line(
      `${plural(tools.length, "tool")} · ~${total.toLocaleString("en-US")} tokens in every request${view.forAgents ? " of its agents" : ""}`,
      "dim",
      INDENT,
    ),
  ];
  tools.forEach((tool, i) => {
    const hints = toolHints({
      readOnly: tool.info.annotations.readOnlyHint === true,
      annotations: tool.info.annotations,
    });
    const title = tool.info.annotations.title?.trim() ?? "";
    rows.push(line(`${safe(tool.name)}${title !== "" ? ` — ${safe(title)}` : ""}`, "plain", INDENT, INDENT));
    const used = usage(tool.info.name);
    rows.push(
      line(
        [...hints, `~${costs[i]} tokens`, ...(used ? [usageText(used)] : [])].join(" · "),
        used && used.errors > 0 ? "warning" : "dim",
        INDENT * 2,
      ),
    );
  });
  for (const skipped of state.skippedTools ?? []) rows.push(line(safe(skippedToolText(skipped)), "dim", INDENT));
  // Resource reads and prompts count too, under their method names ("resources/read").
  const offered = new Set(tools.map((tool) => tool.info.name));
  for (const [method, used] of Object.entries(calls)) if (!offered.has(method)) rows.push(...usageRows(method, used));
  return rows;
}

/** `2 calls · 1 error · p50 14 ms · max 20 ms`. */
function usageText(usage: ToolUsage): string {
  return `${plural(usage.calls, "call")} · ${plural(usage.errors, "error")} · p50 ${medianMs(usage)} ms · max ${usage.maxMs} ms`;
}

/** A tool's usage on a server no longer connected, naming the tool. */
function usageRows(tool: string, usage: ToolUsage): BodyLine[] {
  return [line(`${safe(tool)}: ${usageText(usage)}`, usage.errors > 0 ? "warning" : "dim", INDENT)];
}

function instructionLines(view: ServerView, showText: boolean): BodyLine[] {
  if (view.state.status !== "connected") return [];
  const text = view.state.instructions;
  if (text.trim() === "") return [line("none", "dim", INDENT)];
  const size = `${text.length.toLocaleString("en-US")} characters · ~${Math.ceil(text.length / 4)} tokens`;
  if (!showText) return [line(`${size} (i: show)`, "dim", INDENT)];
  return [
    line(`${size} (i: hide)`, "dim", INDENT),
    ...terminalSafeText(text)
      .split("\n")
      .map((row) => line(row, "plain", INDENT)),
  ];
}

function logLines(details: ServerDetails | undefined, whole: boolean): BodyLine[] {
  if (!details?.logPath) return [];
  const shown = whole ? details.logTail : details.logTail.slice(-LOG_SHOWN_LINES);
  const tail =
    shown.length === 0 ? [line("(empty)", "dim", INDENT)] : shown.map((row) => line(safe(row), "plain", INDENT));
  const more = details.logTail.length - shown.length;
  const note = whole ? "l: last lines only" : more > 0 ? `l: ${more} earlier lines` : "";
  return [line(`${safe(details.logPath)}${note !== "" ? ` (${note})` : ""}`, "dim", INDENT), ...tail];
}
