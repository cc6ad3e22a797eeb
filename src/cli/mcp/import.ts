/**
 * `mini-cc mcp import --from claude-code`: copies the servers Claude Code
 * keeps in `~/.claude.json` — its user scope (`mcpServers`) and its local
 * scope for this project (`projects[<this directory>].mcpServers`) — into a
 * scope of ours. Claude Code's project scope is `.mcp.json`, which mini-cc
 * already reads as it is. `--from claude-desktop` is add-from-claude-desktop.
 */
import { join } from "node:path";
import { oneOf } from "../one-of.ts";
import { usageError } from "../../errors.ts";
import { lastValue, noMorePositionals } from "./arg-parser.ts";
import { SCOPE_OPTION, scopeOption, type McpSubcommand } from "./command.ts";
import { addFromClaudeDesktopCommand } from "./add-from-claude-desktop.ts";
import { checkServers, readForeignConfig, serversAt, writeImported } from "./import-servers.ts";

const SOURCES = ["claude-code", "claude-desktop"] as const;

const USAGE = `Usage: mini-cc mcp import --from claude-code [options]

Copies Claude Code's servers from ~/.claude.json into a scope: its user
servers and its local servers for this project. A name the scope already has
gets a suffix (_1, _2…); an entry that is not valid (a type mini-cc does
not run) is skipped with its reason.

Options:
      --from <app>      claude-code, or claude-desktop (as add-from-claude-desktop)
  -s, --scope <scope>   local (default), project or user
      --all             with claude-desktop: import every server without asking
  -h, --help            show this help`;

/** `mini-cc mcp import --from claude-code|claude-desktop [-s SCOPE]`. */
export const importCommand: McpSubcommand = {
  name: "import",
  summary: "import servers from Claude Code (or Claude Desktop)",
  usage: USAGE,
  options: [SCOPE_OPTION, { long: "from", value: true }, { long: "all", value: false }],
  async run(args, context) {
    noMorePositionals(args.positionals, 0);
    const from = lastValue(args, "from");
    if (from === undefined) throw usageError("missing --from claude-code");
    if (oneOf("--from value", from, SOURCES) === "claude-desktop")
      return addFromClaudeDesktopCommand.run(args, context);
    const scope = scopeOption(args) ?? "local";
    const file = join(context.logPlaces.userHome, ".claude.json");
    const doc = await readForeignConfig(file, "Claude Code");
    // Claude Code's local servers win over its user ones: they come first and keep their names.
    const found = [
      ...serversAt(file, doc, ["projects", context.projectDir, "mcpServers"]),
      ...serversAt(file, doc, ["mcpServers"]),
    ];
    const { candidates, skipped } = checkServers(found);
    if (found.length === 0) {
      context.print(`No MCP servers for this project or the user in Claude Code's config (${file}).`);
      return 0;
    }
    await writeImported(context, scope, `Claude Code (${file})`, candidates, skipped);
    return 0;
  },
};
