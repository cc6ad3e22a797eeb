/**
 * `mini-cc mcp approve [NAME…]`: approves project servers of this directory's
 * `.mcp.json` (all of them without names) or, by name or with --agents, those
 * the project's agent files declare: the non-interactive path for CI and
 * scripts. Each approval is bound to the entry's fingerprint.
 */
import { fingerprint } from "../../mcp/approvals/fingerprint.ts";
import { MiniCcError } from "../../errors.ts";
import { type McpCommandContext, type McpSubcommand } from "./command.ts";
import { problemOf, readDeclared } from "./declared-servers.ts";
import { approveSettings } from "./approve-settings.ts";
import { runsSandboxed } from "../../sandbox/run-mode.ts";
import { type AgentDeclaredServer, projectAgentServers } from "./agent-declared-servers.ts";

const USAGE = `Usage: mini-cc mcp approve [--sandbox] [NAME...]
       mini-cc mcp approve --agents [--sandbox] [NAME...]
       mini-cc mcp approve --settings

Approves project servers of ./.mcp.json so that sessions start them without
asking: the named ones, or all of them without names. A name .mcp.json does
not declare is looked for among the servers the project's agent files
(.claude/agents/*.md) declare; --agents approves those (all, or the named
ones). An approval holds until the server's entry (type, command, args, env,
url, headers, sandbox) changes.

With --settings, approves instead what ./.claude/settings.json grants (allow
rules, defaultMode, additionalDirectories, env, servers it enables), listing
it; the approval holds until those parts of the file change.

Options:
  --sandbox    run them in the sandbox (reads all but your secrets, writes only
               this project, no network), where their entry does not say
  --agents     approve the servers the project's agent files declare
  --settings   approve the project's shared .claude/settings.json instead
  -h, --help   show this help`;

/** `mini-cc mcp approve [NAME…]`. */
export const approveCommand: McpSubcommand = {
  name: "approve",
  summary: "approve project servers of .mcp.json (all, or the named ones)",
  usage: USAGE,
  options: [
    { long: "sandbox", value: false },
    { long: "settings", value: false },
    { long: "agents", value: false },
  ],
  async run(args, context) {
    if (args.flags.has("settings")) return approveSettings(args.positionals, context);
    const sandboxed = args.flags.has("sandbox");
    const names = [...new Set(args.positionals)];
    if (args.flags.has("agents")) {
      const found = await agentServersNamed(names, "the project's agent files", context);
      if (found.chosen.length === 0) context.print("No servers in the project's agent files (.claude/agents/).");
      for (const server of found.chosen) await approveAgentServer(server, sandboxed, context);
      return found.problems > 0 ? 1 : 0;
    }
    const file = context.editor.fileOf("project");
    const { entries, problems } = await readDeclared(context);
    const problem = problemOf(problems, file);
    if (problem) throw new MiniCcError("command-failed", problem);
    const project = entries.filter((entry) => entry.scope === "project");
    // Names .mcp.json does not declare are looked for in agent files before anything is approved.
    const elsewhere = names.filter((name) => !project.some((entry) => entry.name === name));
    const fromAgents =
      elsewhere.length > 0
        ? await agentServersNamed(elsewhere, `${file} nor the project's agent files`, context)
        : { chosen: [], problems: 0 };
    const chosen = names.length > 0 ? project.filter((entry) => names.includes(entry.name)) : project;
    if (chosen.length === 0 && fromAgents.chosen.length === 0) {
      context.print(`No project servers in ${file}.`);
      return 0;
    }
    // Named servers must all be approvable, or none is approved.
    const invalid = chosen.filter((entry) => !entry.ok);
    if (names.length > 0 && invalid[0] && !invalid[0].ok) {
      throw new MiniCcError("command-failed", `cannot approve ${invalid[0].name}: ${file}: ${invalid[0].error}`);
    }
    for (const entry of chosen) {
      if (!entry.ok) {
        context.warn(`Not approved ${entry.name}: ${file}: ${entry.error}`);
        continue;
      }
      await context.approvals.approve(context.projectDir, entry.config, { sandboxed });
      const how = runsSandboxed(entry.config, sandboxed) ? ", sandboxed" : "";
      context.print(`Approved project server ${entry.name} (fingerprint ${fingerprint(entry.config.entry)}${how})`);
    }
    for (const server of fromAgents.chosen) await approveAgentServer(server, sandboxed, context);
    return invalid.length > 0 || fromAgents.problems > 0 ? 1 : 0;
  },
};

/**
 * The servers the project's agent files declare: the named ones (every name must be found), or
 * all of them; agent files that could not be used are warned about and counted.
 */
async function agentServersNamed(
  names: readonly string[],
  where: string,
  context: McpCommandContext,
): Promise<{ chosen: AgentDeclaredServer[]; problems: number }> {
  const { servers, problems } = await projectAgentServers(context.projectDir);
  const unknown = names.filter((name) => !servers.some((server) => server.name === name));
  if (unknown.length > 0) {
    const why = problems.length > 0 ? ` (an agent file could not be used: ${problems[0]})` : "";
    throw new MiniCcError(
      "command-failed",
      `no server named ${unknown.map((n) => `"${n}"`).join(", ")} in ${where}${why}`,
    );
  }
  for (const problem of problems) context.warn(`Not read: ${problem}`);
  const chosen = names.length > 0 ? servers.filter((server) => names.includes(server.name)) : servers;
  return { chosen, problems: problems.length };
}

async function approveAgentServer(server: AgentDeclaredServer, sandboxed: boolean, context: McpCommandContext) {
  await context.approvals.approve(context.projectDir, server, { sandboxed });
  const how = runsSandboxed(server, sandboxed) ? ", sandboxed" : "";
  context.print(`Approved server ${server.name} of ${server.file} (fingerprint ${fingerprint(server.entry)}${how})`);
}
