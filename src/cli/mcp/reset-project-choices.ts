/**
 * `mini-cc mcp reset-project-choices`: forgets every approval of this
 * directory's project servers, so each asks again before it starts.
 */
import { noMorePositionals } from "./arg-parser.ts";
import type { McpSubcommand } from "./command.ts";

const USAGE = `Usage: mini-cc mcp reset-project-choices

Forgets the approvals of this directory's project servers (.mcp.json): each
asks for approval again before it starts.

Options:
  -h, --help   show this help`;

/** `mini-cc mcp reset-project-choices`. */
export const resetProjectChoicesCommand: McpSubcommand = {
  name: "reset-project-choices",
  summary: "forget this project's server approvals",
  usage: USAGE,
  options: [],
  async run(args, context) {
    noMorePositionals(args.positionals, 0);
    const forgotten = await context.approvals.forget(context.projectDir);
    if (forgotten.length === 0) {
      context.print(`No approvals remembered for ${context.projectDir}.`);
      return 0;
    }
    const count = forgotten.length === 1 ? "1 approval" : `${forgotten.length} approvals`;
    context.print(
      `Forgot ${count} for ${context.projectDir} (${forgotten.join(", ")}); those servers will ask again before they start.`,
    );
    return 0;
  },
};
