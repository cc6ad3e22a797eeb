/**
 * The servers the project's agent files (`.claude/agents/*.md`) declare
 * inline, for `mcp approve`: an approval is bound to a server's name and
 * entry fingerprint wherever it is declared, so approving one here means the
 * agent's first run in a session asks nothing.
 */
import { join } from "node:path";
import { agentFilesIn } from "../../agents/load-agents.ts";
import { canonicalJson } from "../../mcp/approvals/fingerprint.ts";
import type { ServerEntry } from "../../config/types.ts";

export interface AgentDeclaredServer {
  readonly name: string;
  readonly entry: ServerEntry;
  /** The agent file that declares it. */
  readonly file: string;
}

/** Each inline server of the project's agent files; files that cannot be used, and names declared two ways, as problems. */
export async function projectAgentServers(
  projectDir: string,
): Promise<{ servers: AgentDeclaredServer[]; problems: string[] }> {
  const problems: string[] = [];
  const byName = new Map<string, AgentDeclaredServer>();
  // Tool names do not matter here: a `tools` warning is about what an agent may use, not its servers.
  for (const parsed of await agentFilesIn(join(projectDir, ".claude", "agents"), "project", [])) {
    if (!parsed.ok) {
      problems.push(parsed.error);
      continue;
    }
    const { file = "", mcpServers } = parsed.definition;
    for (const server of mcpServers) {
      if (server.kind !== "inline") continue;
      const first = byName.get(server.name);
      if (!first) byName.set(server.name, { name: server.name, entry: server.entry, file });
      else if (canonicalJson(first.entry) !== canonicalJson(server.entry))
        problems.push(`${file}: declares a server named ${server.name} unlike ${first.file}: rename one of them`);
    }
  }
  return { servers: [...byName.values()], problems };
}
