/**
 * `mini-cc mcp disable NAME` / `mcp enable NAME`: switches a server off (or
 * back on) in this project only, by writing the per-project list in the home
 * folder (`mcp-disabled.json`); no config file is edited, so a shared
 * `.mcp.json` stays as the team wrote it. The switch is by name: whichever
 * scope's entry runs under NAME here is the one switched, and when several
 * scopes declare NAME the output says which one that is.
 */
import { MiniCcError, usageError } from "../../errors.ts";
import { shellQuote } from "../../config/describe.ts";
import { noMorePositionals } from "./arg-parser.ts";
import { scopeLabel, type McpCommandContext, type McpSubcommand } from "./command.ts";
import { readDeclared, type CheckedEntry } from "./declared-servers.ts";

const usage = (verb: "enable" | "disable", what: string) => `Usage: mini-cc mcp ${verb} NAME

${what}
Written to the mini-cc home (mcp-disabled.json), for this project only;
no config file is changed. When several scopes declare NAME, the one that
runs here (local over project over user) is the one switched.

Options:
  -h, --help   show this help

Exit status: 0 when NAME is now ${verb}d (or already was); 1 when no scope
declares NAME.`;

/** The declarations of `name` in precedence order; none is an error naming the servers there are. */
async function declarationsOf(context: McpCommandContext, name: string): Promise<CheckedEntry[]> {
  const { entries, problems } = await readDeclared(context);
  for (const problem of problems) context.warn(problem);
  const found = entries.filter((entry) => entry.name === name);
  if (found.length > 0) return found;
  const names = [...new Set(entries.map((entry) => entry.name))];
  throw new MiniCcError(
    "command-failed",
    `no server named "${name}" in this project's scopes; servers: ${names.length > 0 ? names.join(", ") : "none"}`,
  );
}

/** `tracker (local config, /home/ann/.mini-cc/local-mcp.json; overrides project config)`. */
function whichEntry([winner, ...others]: readonly CheckedEntry[]): string {
  const overrides = others.length > 0 ? `; overrides ${others.map((o) => scopeLabel(o.scope)).join(" and ")}` : "";
  return `${scopeLabel(winner!.scope)}, ${winner!.file}${overrides}`;
}

function switchCommand(verb: "enable" | "disable", summary: string, what: string): McpSubcommand {
  const disabled = verb === "disable";
  return {
    name: verb,
    summary,
    usage: usage(verb, what),
    options: [],
    async run(args, context) {
      const name = args.positionals[0];
      if (name === undefined) throw usageError("missing NAME");
      noMorePositionals(args.positionals, 1);
      const found = await declarationsOf(context, name);
      const changed = await context.disabled.set(context.projectDir, name, disabled);
      const where = `${name} (${whichEntry(found)})`;
      if (!changed) context.print(`${where} is already ${verb}d in ${context.projectDir}.`);
      else if (disabled)
        context.print(
          `Disabled ${where} in ${context.projectDir}: sessions here will not start it. Undo: mini-cc mcp enable ${shellQuote(name)}`,
        );
      else context.print(`Enabled ${where} in ${context.projectDir}: sessions here start it again.`);
      return 0;
    },
  };
}

/** `mini-cc mcp disable NAME`. */
export const disableCommand = switchCommand(
  "disable",
  "stop starting a server in this project (remembered)",
  "Stops starting the server NAME in this project: sessions, print mode and\n`mcp list` leave it off, and its tools are not offered to the model.",
);

/** `mini-cc mcp enable NAME`. */
export const enableCommand = switchCommand(
  "enable",
  "start a disabled server again in this project",
  "Undoes `mini-cc mcp disable NAME`: sessions in this project start it again\n(a project server still needs its approval).",
);
