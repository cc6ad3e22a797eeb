/**
 * `mini-cc mcp approve [NAME…]`: approves project servers of this directory's
 * `.mcp.json` (all of them without names), the non-interactive path for CI and
 * scripts. Each approval is bound to the entry's fingerprint.
 */
import { fingerprint } from "../../mcp/approvals/fingerprint.ts";
import { MiniCcError } from "../../errors.ts";
import { type McpSubcommand } from "./command.ts";
import { problemOf, readDeclared } from "./declared-servers.ts";
import { approveSettings } from "./approve-settings.ts";
import { runsSandboxed } from "../../sandbox/run-mode.ts";

const USAGE = `Usage: mini-cc mcp approve [--sandbox] [NAME...]
       mini-cc mcp approve --settings

Approves project servers of ./.mcp.json so that sessions start them without
asking: the named ones, or all of them without names. An approval holds until
the server's entry (type, command, args, env, url, headers, sandbox) changes.

With --settings, approves instead what ./.claude/settings.json grants (allow
rules, defaultMode, additionalDirectories, env, servers it enables), listing
it; the approval holds until those parts of the file change.

Options:
  --sandbox    run them in the sandbox (reads all but your secrets, writes only
               this project, no network), where their entry does not say
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
  ],
  async run(args, context) {
    if (args.flags.has("settings")) return approveSettings(args.positionals, context);
    const file = context.editor.fileOf("project");
    const sandboxed = args.flags.has("sandbox");
    const { entries, problems } = await readDeclared(context);
    const problem = problemOf(problems, file);
    if (problem) throw new MiniCcError("command-failed", problem);
    const project = entries.filter((entry) => entry.scope === "project");
    const names = [...new Set(args.positionals)];
    const unknown = names.filter((name) => !project.some((entry) => entry.name === name));
    if (unknown.length > 0) {
      throw new MiniCcError("command-failed", `no server named ${unknown.map((n) => `"${n}"`).join(", ")} in ${file}`);
    }
    const chosen = names.length > 0 ? project.filter((entry) => names.includes(entry.name)) : project;
    if (chosen.length === 0) {
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
    return invalid.length > 0 ? 1 : 0;
  },
};
