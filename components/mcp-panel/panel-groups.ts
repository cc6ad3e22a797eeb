/**
 * The order the panel lists servers in: the main conversation's first, in
 * declaration order, then each agent's servers under a heading with the
 * agent's name (agent-scoped servers, issue 34). The list and the keys that
 * move through it read the same order, so the selection stays on its server.
 */
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";

/** One row of the list: a server, with the heading of the agent group it opens, if it opens one. */
export interface PanelEntry {
  readonly server: ServerView;
  /** `agent qa`: shown above the first server of each agent's group. */
  readonly heading?: string;
}

/** The servers in panel order, each agent group's first one carrying the group's heading. */
export function panelEntries(servers: readonly ServerView[]): PanelEntry[] {
  const main = servers.filter((view) => view.forAgents === undefined);
  const groups = new Map<string, ServerView[]>();
  for (const view of servers) {
    if (view.forAgents === undefined) continue;
    const key = agentHeading(view.forAgents.agents);
    groups.set(key, [...(groups.get(key) ?? []), view]);
  }
  const grouped = [...groups].flatMap(([heading, views]) =>
    views.map((server, i) => (i === 0 ? { server, heading } : { server })),
  );
  return [...main.map((server) => ({ server })), ...grouped];
}

/** The servers' names in panel order: what the selection indexes. */
export function panelOrder(servers: readonly ServerView[]): string[] {
  return panelEntries(servers).map((entry) => entry.server.name);
}

/** `agent qa`, `agents qa, api`, or `for agents` for a `"scope": "agents"` server no agent has asked for yet. */
export function agentHeading(agents: readonly string[]): string {
  if (agents.length === 0) return "for agents";
  return terminalSafeLine(`${agents.length === 1 ? "agent" : "agents"} ${agents.join(", ")}`);
}
