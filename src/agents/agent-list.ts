/**
 * `/agents`' lines: each subagent the Agent tool can start, where it was
 * defined, what it may use and which servers it brings. Terminal-safe.
 */
import { relative, sep } from "node:path";
import { terminalSafeLine } from "../text/terminal-safe.ts";
import type { AgentDefinition } from "./definition.ts";

export function agentLines(agents: readonly AgentDefinition[], places: { cwd: string; userHome: string }): string[] {
  const where = (agent: AgentDefinition) => {
    if (agent.file === undefined) return agent.source === "flag" ? "--agents" : "built-in";
    const inProject = relative(places.cwd, agent.file);
    if (!inProject.startsWith("..")) return inProject;
    const inHome = relative(places.userHome, agent.file);
    return inHome.startsWith("..") ? agent.file : `~${sep}${inHome}`;
  };
  const servers = (agent: AgentDefinition) =>
    agent.mcpServers.length === 0
      ? "none"
      : agent.mcpServers.map((s) => (s.kind === "inline" ? `${s.name} (own entry)` : s.name)).join(", ");
  return [
    `Agents (${agents.length}; the first found wins a name: --agents, .claude/agents/, ~/.mini-cc/agents/, ~/.claude/agents/):`,
    ...agents.flatMap((agent) => [
      `  ${agent.name} · ${agent.source}${agent.projectInput ? " (project input)" : ""} · ${where(agent)}`,
      `      ${agent.description}`,
      `      tools: ${agent.tools === undefined ? "all" : agent.tools.join(", ") || "none"} · model: ${agent.model ?? "inherit"} · servers: ${servers(agent)}`,
    ]),
  ].map(terminalSafeLine);
}
