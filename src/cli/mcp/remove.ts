/**
 * `mini-cc mcp remove NAME [-s SCOPE]`: deletes a server from the given scope,
 * or from the only scope that declares it; several is an error listing them.
 */
import { isMiniCcError, MiniCcError, usageError } from "../../errors.ts";
import { noMorePositionals } from "./arg-parser.ts";
import { SCOPE_OPTION, scopeLabel, scopeOption, type McpSubcommand } from "./command.ts";

const USAGE = `Usage: mini-cc mcp remove [options] NAME

Removes the server NAME from the scope that declares it. When several
scopes declare NAME, choose one with -s.

Options:
  -s, --scope <scope>   local, project or user
  -h, --help            show this help`;

/** `mini-cc mcp remove [-s SCOPE] NAME`. */
export const removeCommand: McpSubcommand = {
  name: "remove",
  summary: "remove a server from a scope",
  usage: USAGE,
  options: [SCOPE_OPTION],
  async run(args, context) {
    const scope = scopeOption(args);
    const name = args.positionals[0];
    if (name === undefined) throw usageError("missing NAME");
    noMorePositionals(args.positionals, 1);
    try {
      const removed = await context.editor.removeServer(name, scope);
      context.print(`Removed MCP server ${name} from ${scopeLabel(removed.scope)} (${removed.file})`);
      return 0;
    } catch (error) {
      if (!isMiniCcError(error, "ambiguous")) throw error;
      throw new MiniCcError("command-failed", error.message);
    }
  },
};
