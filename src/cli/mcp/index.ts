/**
 * `mini-cc mcp <command>`: picks the subcommand, parses its options and turns
 * what goes wrong into the exit status — 2 and the usage for a mistake on
 * the command line, 1 and one line for a failure (a config file that is not
 * valid JSON, an unknown server, a server that did not connect).
 */
import { addJsonCommand } from "./add-json.ts";
import { addCommand } from "./add.ts";
import { addFromClaudeDesktopCommand } from "./add-from-claude-desktop.ts";
import { importCommand } from "./import.ts";
import { approveCommand } from "./approve.ts";
import { disableCommand, enableCommand } from "./enable-disable.ts";
import { isMiniCcError, errorText } from "../../errors.ts";
import { HELP_OPTION, parseArgv } from "./arg-parser.ts";
import { McpCommandContext, type McpCommandIo, type McpSubcommand } from "./command.ts";
import { getCommand } from "./get.ts";
import { listCommand } from "./list.ts";
import { loginCommand, logoutCommand } from "./login.ts";
import { removeCommand } from "./remove.ts";
import { resetProjectChoicesCommand } from "./reset-project-choices.ts";
import { terminalSafeText } from "../../text/terminal-safe.ts";

/** What the CLI passes in: cwd, env, home directory, output, and optional seams. */
export type { McpCommandIo } from "./command.ts";

const SUBCOMMANDS: readonly McpSubcommand[] = [
  addCommand,
  addJsonCommand,
  addFromClaudeDesktopCommand,
  importCommand,
  listCommand,
  getCommand,
  removeCommand,
  approveCommand,
  disableCommand,
  enableCommand,
  resetProjectChoicesCommand,
  loginCommand,
  logoutCommand,
];

const width = Math.max(...SUBCOMMANDS.map((sub) => sub.name.length)) + 2;

/** The `Usage:` lines at the top of a command's help. */
export function usageLines(usage: string): string {
  return usage.split("\n\n")[0] ?? usage;
}

/** `mini-cc mcp --help`. */
export const MCP_USAGE = `Usage: mini-cc mcp <command> [options]

Manages MCP servers: local (you, this project), project (.mcp.json, shared)
and user (you, every project) scopes.

Commands:
${SUBCOMMANDS.map((sub) => `  ${sub.name.padEnd(width)}${sub.summary}`).join("\n")}
  ${"help".padEnd(width)}show the help of a command

Run "mini-cc mcp <command> --help" for its options.`;

/** Runs `mini-cc mcp …` (argv without "mcp") and returns the exit status; leaves no server running. */
export async function runMcpCommand(argv: readonly string[], io: McpCommandIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === "-h" || first === "--help" || (first === "help" && rest.length === 0)) {
    io.stdout(`${MCP_USAGE}\n`);
    return 0;
  }
  const name = first === "help" ? rest[0] : first;
  const sub = SUBCOMMANDS.find((candidate) => candidate.name === name);
  if (!sub) {
    let problem = `unknown command: ${name}`;
    if (name === undefined) problem = "missing command";
    else if (name.startsWith("-")) problem = `unknown option: ${name}`;
    io.stderr(`mini-cc mcp: ${problem}\n${MCP_USAGE}\n`);
    return 2;
  }
  if (first === "help") {
    io.stdout(`${sub.usage}\n`);
    return 0;
  }
  return runSubcommand(sub, rest, io);
}

async function runSubcommand(sub: McpSubcommand, argv: readonly string[], io: McpCommandIo): Promise<number> {
  const prefix = `mini-cc mcp ${sub.name}`;
  try {
    const args = parseArgv(argv, [...sub.options, HELP_OPTION], sub.parse);
    if (args.flags.has("help")) {
      io.stdout(`${sub.usage}\n`);
      return 0;
    }
    const context = new McpCommandContext(io);
    try {
      return await sub.run(args, context);
    } finally {
      // The sandbox's proxies, if a sandboxed server ran: after its servers are closed.
      await context.sandbox.close();
    }
  } catch (error) {
    if (isMiniCcError(error, "usage")) {
      // The mistake and the command's usage lines; the options are one --help away, not 30 lines of noise.
      io.stderr(`${prefix}: ${error.message}\n${usageLines(sub.usage)}\nRun "${prefix} --help" for every option.\n`);
      return 2;
    }
    // Every other MiniCcError's message already names the file or server.
    const message = errorText(error);
    // It may quote a config or a server: shown, never obeyed.
    io.stderr(`${prefix}: ${terminalSafeText(message)}\n`);
    return 1;
  }
}
