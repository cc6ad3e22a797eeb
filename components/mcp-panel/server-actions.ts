/**
 * What the MCP panel's keys do to a server, each ending in one line for the
 * transcript: r restarts, d disables or enables (remembered for the project;
 * on a server the user declined at the approval modal, d starts it after
 * all), a asks the approval question again (or revokes) for a project server, l shows the log's last lines.
 * React-free, so each outcome is tested with a fake ServerActions.
 */
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { serverDetail } from "./status-lines.ts";
import type { ServerActions } from "../../src/mcp/server-actions.ts";
import { errorText } from "../../src/errors.ts";

export type ServerAction = "restart" | "toggle" | "approve" | "log";

/** Lines for the transcript; an error shows red. */
export interface ActionResult {
  readonly lines: readonly string[];
  readonly isError: boolean;
}

const ok = (...lines: string[]): ActionResult => ({ lines, isError: false });
const failed = (...lines: string[]): ActionResult => ({ lines, isError: true });

function viewOf(mcp: ServerActions, name: string): ServerView | undefined {
  return mcp.store.getSnapshot().servers.find((view) => view.name === name);
}

/** `tracker: connected, 3 tools` — how a server stands after an action. */
function outcome(mcp: ServerActions, name: string): string {
  const view = viewOf(mcp, name);
  if (!view) return "no longer configured";
  // "ready (cached) · 3 tools" says its status itself.
  return view.state.status === "cached"
    ? serverDetail(view.state, name)
    : `${view.state.status}, ${serverDetail(view.state, name)}`;
}

/** Runs one panel action on `name`; never throws. */
export async function runServerAction(mcp: ServerActions, name: string, action: ServerAction): Promise<ActionResult> {
  const view = viewOf(mcp, name);
  const shown = terminalSafeLine(name);
  if (!view) return failed(`No MCP server named ${shown}.`);
  try {
    switch (action) {
      case "restart":
        return await restart(mcp, view, shown);
      case "toggle":
        return await toggle(mcp, view, shown);
      case "approve":
        return await approveOrRevoke(mcp, view, shown);
      case "log":
        return await logTail(mcp, view, shown);
    }
  } catch (error) {
    return failed(`MCP server ${shown}: ${errorText(error)}`);
  }
}

async function restart(mcp: ServerActions, view: ServerView, shown: string): Promise<ActionResult> {
  const { status } = view.state;
  if (status === "disabled" || status === "needs-approval")
    return failed(`${shown} is ${status}: nothing to restart (d enables, a approves).`);
  if (status === "standby") return failed(`${shown} runs for agents only: it starts when an agent that names it runs.`);
  await mcp.restart(view.name);
  const after = viewOf(mcp, view.name);
  const line = `Restarted ${shown}: ${outcome(mcp, view.name)}`;
  return after?.state.status === "failed" ? failed(line) : ok(line);
}

async function toggle(mcp: ServerActions, view: ServerView, shown: string): Promise<ActionResult> {
  const { state } = view;
  if (state.status === "disabled" && state.cause !== "user") {
    // A "don't start" (or a server nobody could ask about) is undone for this session; `a` remembers it.
    await mcp.decide(view.name, "once");
    return ok(`Started ${shown} this session (a approves it for good): ${outcome(mcp, view.name)}`);
  }
  if (state.status === "disabled") {
    await mcp.enable(view.name);
    return ok(`Enabled ${shown} in this project: ${outcome(mcp, view.name)}`);
  }
  await mcp.disable(view.name);
  return ok(`Disabled ${shown} in this project: its tools are gone until you enable it (d, or mini-cc mcp enable).`);
}

async function approveOrRevoke(mcp: ServerActions, view: ServerView, shown: string): Promise<ActionResult> {
  if (view.source !== "project")
    return failed(`${shown} is a ${view.source} server: only project servers are approved.`);
  const details = await mcp.details(view.name);
  if (details.approval?.status === "approved") {
    await mcp.revoke(view.name);
    return ok(`Revoked the approval of ${shown}: stopped, its tools gone (a approves it again).`);
  }
  const { state } = view;
  if (state.status === "disabled" && state.cause === "user")
    return failed(`${shown} is disabled: enable it first (d).`);
  // The same question as at start, so the choice between sandboxed and full access is made here too.
  await mcp.askApproval(view.name);
  return ok(`Approving ${shown}: answer its approval question (sandboxed or with full access).`);
}

async function logTail(mcp: ServerActions, view: ServerView, shown: string): Promise<ActionResult> {
  const details = await mcp.details(view.name);
  if (!details.logPath) return ok(`${shown} is a remote server: it has no log of ours.`);
  if (details.logTail.length === 0) return ok(`${shown}'s log is empty: ${terminalSafeLine(details.logPath)}`);
  return ok(
    `Last lines of ${terminalSafeLine(details.logPath)}:`,
    ...details.logTail.map((row) => `  ${terminalSafeLine(row)}`),
  );
}
