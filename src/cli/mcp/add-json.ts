/**
 * `mini-cc mcp add-json NAME 'JSON'`: declares a server from an entry in
 * `.mcp.json`'s own format, checked against the same schema the loader uses.
 * A JSON of `-` is read from standard input (`… | mini-cc mcp add-json NAME -`).
 */
import { parseJsonText } from "../../fs/json-file.ts";
import { validateEntry } from "../../config/schema.ts";
import { MiniCcError, usageError } from "../../errors.ts";
import { noMorePositionals } from "./arg-parser.ts";
import { reportAdded } from "./add.ts";
import { SCOPE_OPTION, scopeOption, type McpSubcommand } from "./command.ts";

const USAGE = `Usage: mini-cc mcp add-json [options] NAME 'JSON'
       mini-cc mcp add-json [options] NAME -     (the JSON from standard input)

Adds an MCP server from a JSON entry, written as in .mcp.json:
  '{"command": "node", "args": ["server.js"], "env": {"KEY": "value"}}'
  '{"type": "http", "url": "https://example.com/mcp", "headers": {"Authorization": "Bearer \${TOKEN}"}}'
An entry with a url and no type is taken as http (and written so).

Options:
  -s, --scope <scope>   local (default), project or user
      --force           replace a server of the same name in that scope
  -h, --help            show this help`;

/** An entry with a `url`, no `type` and no `command` is an http server, as Claude Code takes it; written with its type. */
function withHttpType(entry: unknown): unknown {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return entry;
  const fields = entry as Record<string, unknown>;
  if (fields["type"] !== undefined || fields["command"] !== undefined || typeof fields["url"] !== "string")
    return entry;
  return { type: "http", ...fields };
}

/** `mini-cc mcp add-json [-s SCOPE] [--force] NAME JSON`. */
export const addJsonCommand: McpSubcommand = {
  name: "add-json",
  summary: "add a server from a JSON entry",
  usage: USAGE,
  options: [SCOPE_OPTION, { long: "force", value: false }],
  async run(args, context) {
    const scope = scopeOption(args) ?? "local";
    const [name, json] = args.positionals;
    if (name === undefined) throw usageError("missing NAME");
    if (json === undefined) throw usageError("missing JSON");
    noMorePositionals(args.positionals, 2);
    const fromStdin = json === "-";
    const text = fromStdin ? ((await context.io.readStdin?.()) ?? "") : json;
    if (fromStdin && text.trim() === "") throw new MiniCcError("command-failed", "no JSON on standard input");
    const parsed = parseJsonText(text);
    const where = fromStdin ? "JSON on standard input" : "JSON";
    if (!parsed.ok)
      throw new MiniCcError(
        "command-failed",
        `invalid ${where} at ${parsed.line}:${parsed.column} (${parsed.message})`,
      );
    const entry = withHttpType(parsed.value);
    // Paths relative to the entry the user typed: "args[1]: expected string, got number".
    const valid = validateEntry(entry, []);
    if (!valid.ok) throw new MiniCcError("command-failed", `invalid server entry: ${valid.error}`);
    await context.checkPolicy(name, valid.entry);
    const added = await context.editor.addServer(scope, name, entry, { force: args.flags.has("force") });
    await reportAdded(context, added, name, valid.entry);
    return 0;
  },
};
