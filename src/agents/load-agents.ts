/**
 * Every subagent a session knows, from the places Claude Code reads them,
 * the first found winning a name: `--agents JSON`, the project's
 * `.claude/agents/`, mini-cc's home `agents/`, Claude Code's `~/.claude/agents/`,
 * then the built-in `general-purpose`. One broken file is a message; the
 * others load.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { errorText } from "../errors.ts";
import { type AgentDefinition, type AgentSource, type ParsedAgent, parseFlagAgent } from "./definition.ts";

export interface AgentPlaces {
  cwd: string;
  /** The user's home folder (Claude Code's `~/.claude/agents/`). */
  userHome: string;
  /** mini-cc's home (`<home>/agents/`). */
  miniCcHome: string;
  /** `--agents` values, as typed. */
  flags: readonly string[];
  /** Tool names that exist, for the `tools` check. */
  knownTools: readonly string[];
}

export interface LoadedAgents {
  agents: AgentDefinition[];
  /** Errors and warnings, each naming its file (and line). */
  problems: string[];
}

export const GENERAL_PURPOSE: AgentDefinition = {
  name: "general-purpose",
  description:
    "General-purpose agent for researching complex questions, searching for code, and executing multi-step tasks.",
  mcpServers: [],
  prompt:
    "You are an agent for mini-cc, a coding assistant. Given the user's message, use the tools available to complete the task fully; when done, reply with a concise report of what you found or did. That report is all the caller sees.",
  source: "built-in",
  projectInput: false,
};

const MAX_BYTES = 256 * 1024;

export async function loadAgents(places: AgentPlaces): Promise<LoadedAgents> {
  const problems: string[] = [];
  const found = new Map<string, AgentDefinition>();
  const take = (parsed: ParsedAgent) => {
    if (!parsed.ok) return problems.push(parsed.error);
    problems.push(...parsed.warnings);
    if (!found.has(parsed.definition.name)) found.set(parsed.definition.name, parsed.definition);
  };
  for (const flag of places.flags) {
    let value: unknown;
    try {
      value = JSON.parse(flag);
    } catch (error) {
      problems.push(`--agents: not valid JSON (${errorText(error)})`);
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problems.push("--agents: expected an object {name: {description, prompt, …}}");
      continue;
    }
    for (const [name, entry] of Object.entries(value)) take(parseFlagAgent(name, entry, places.knownTools));
  }
  const dirs: { source: AgentSource; dir: string }[] = [
    { source: "project", dir: join(places.cwd, ".claude", "agents") },
    { source: "user", dir: join(places.miniCcHome, "agents") },
    { source: "user", dir: join(places.userHome, ".claude", "agents") },
  ];
  for (const { source, dir } of dirs)
    for (const parsed of await agentFilesIn(dir, source, places.knownTools)) take(parsed);
  if (!found.has(GENERAL_PURPOSE.name)) found.set(GENERAL_PURPOSE.name, GENERAL_PURPOSE);
  return { agents: [...found.values()], problems };
}

/** Each Markdown agent file of a folder, parsed (one that cannot be read is a failure naming it). */
export async function agentFilesIn(
  dir: string,
  source: AgentSource,
  knownTools: readonly string[],
): Promise<ParsedAgent[]> {
  const files = markdownFiles(dir);
  if (files.length === 0) return [];
  // The YAML parser only when there is a file to read: most sessions have none.
  const { parseAgentFile } = await import("./agent-file.ts");
  return files.map((file) => {
    let text: string;
    try {
      if (statSync(file).size > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES / 1024} KiB`);
      text = readFileSync(file, "utf8");
    } catch (error) {
      return { ok: false, error: `${file}: cannot read (${errorText(error)})` };
    }
    return parseAgentFile(text, { source, where: file, file, knownTools });
  });
}

function markdownFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
      .map((entry) => join(dir, entry.name))
      .sort();
  } catch {
    return [];
  }
}
