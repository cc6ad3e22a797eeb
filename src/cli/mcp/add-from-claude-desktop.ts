/**
 * `mini-cc mcp add-from-claude-desktop`: copies servers from Claude Desktop's
 * config (Linux `~/.config/Claude/claude_desktop_config.json`, or under
 * $XDG_CONFIG_HOME; macOS `~/Library/Application Support/Claude/…`) into a
 * scope. On a terminal it lists them numbered and asks which; `--all` takes
 * every one without asking (and is needed when stdin is not a terminal).
 */
import { join } from "node:path";
import { usageError, MiniCcError } from "../../errors.ts";
import { describeEntryBriefly } from "../../config/describe.ts";
import { noMorePositionals } from "./arg-parser.ts";
import { SCOPE_OPTION, scopeOption, type McpCommandContext, type McpSubcommand } from "./command.ts";
import { checkServers, readForeignConfig, serversAt, writeImported, type ImportCandidate } from "./import-servers.ts";

const USAGE = `Usage: mini-cc mcp add-from-claude-desktop [options]

Copies MCP servers from Claude Desktop's config into a scope:
  Linux  ~/.config/Claude/claude_desktop_config.json (or $XDG_CONFIG_HOME/Claude/…)
  macOS  ~/Library/Application Support/Claude/claude_desktop_config.json
On a terminal you choose which; a name the scope already has gets a suffix
(_1, _2…), and an entry that is not valid is skipped with its reason.

Options:
  -s, --scope <scope>   local (default), project or user
      --all             import every server without asking
  -h, --help            show this help`;

/** Where Claude Desktop keeps its config on this platform; Windows and others have none we read. */
export function claudeDesktopConfigPath(
  platform: NodeJS.Platform,
  userHome: string,
  env: McpCommandContext["io"]["env"],
): string {
  if (platform === "darwin")
    return join(userHome, "Library", "Application Support", "Claude", "claude_desktop_config.json");
  if (platform === "linux")
    return join(env.XDG_CONFIG_HOME || join(userHome, ".config"), "Claude", "claude_desktop_config.json");
  throw new MiniCcError(
    "command-failed",
    `Claude Desktop's config is read on Linux and macOS only, not on ${platform}`,
  );
}

/** "1,3", "2-4", "all": the servers chosen from a numbered list of `count`; a bad answer is a failure saying what is expected. */
export function parseChoice(answer: string, count: number): number[] {
  const text = answer.trim().toLowerCase();
  if (text === "" || text === "none") return [];
  if (text === "all" || text === "a") return [...Array(count).keys()];
  const chosen = new Set<number>();
  for (const part of text.split(/[\s,]+/).filter((p) => p !== "")) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    const from = Number(range?.[1]);
    const to = Number(range?.[2] ?? range?.[1]);
    if (!range || from < 1 || to > count || from > to) {
      throw new MiniCcError(
        "command-failed",
        `invalid choice "${part}": expected numbers from 1 to ${count} (like 1,3 or 2-4), "all", or nothing`,
      );
    }
    for (let n = from; n <= to; n++) chosen.add(n - 1);
  }
  return [...chosen].sort((a, b) => a - b);
}

async function choose(
  context: McpCommandContext,
  candidates: readonly ImportCandidate[],
  all: boolean,
): Promise<ImportCandidate[]> {
  if (all || candidates.length === 0) return [...candidates];
  const prompt = context.io.prompt;
  if (!prompt) throw usageError("standard input is not a terminal: add --all to import every server");
  context.print("Claude Desktop's servers:");
  for (const [i, server] of candidates.entries())
    context.print(`  ${i + 1}. ${server.original}  ${describeEntryBriefly(server.entry)}`);
  const answer = await prompt('Import which? (numbers like 1,3 or 2-4, "all", or Enter for none) ');
  return parseChoice(answer, candidates.length).map((i) => candidates[i]!);
}

/** `mini-cc mcp add-from-claude-desktop [-s SCOPE] [--all]`. */
export const addFromClaudeDesktopCommand: McpSubcommand = {
  name: "add-from-claude-desktop",
  summary: "import servers from Claude Desktop's config",
  usage: USAGE,
  options: [SCOPE_OPTION, { long: "all", value: false }],
  async run(args, context) {
    noMorePositionals(args.positionals, 0);
    const scope = scopeOption(args) ?? "local";
    const file = claudeDesktopConfigPath(
      context.io.platform ?? process.platform,
      context.logPlaces.userHome,
      context.io.env,
    );
    const doc = await readForeignConfig(file, "Claude Desktop");
    const { candidates, skipped } = checkServers(serversAt(file, doc, ["mcpServers"]));
    if (candidates.length === 0 && skipped.length === 0) {
      context.print(`No MCP servers in Claude Desktop's config (${file}).`);
      return 0;
    }
    const chosen = await choose(context, candidates, args.flags.has("all"));
    await writeImported(context, scope, `Claude Desktop (${file})`, chosen, skipped);
    return 0;
  },
};
