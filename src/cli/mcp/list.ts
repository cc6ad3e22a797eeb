/**
 * `mini-cc mcp list [--json]`: every server of every scope, connected all at
 * once through McpManager as a session would (unapproved project servers are
 * shown, never started), then closed again.
 */
import { loadMcpConfig } from "../../config/load.ts";
import { noMorePositionals } from "./arg-parser.ts";
import type { McpSubcommand } from "./command.ts";
import { formatListLines, isConnected, listRows, shadowedScopes } from "./list-rows.ts";
import { failedServerLog } from "../../mcp/logs/log-hint.ts";
import { sandboxedLookup } from "./sandboxed-lookup.ts";

const USAGE = `Usage: mini-cc mcp list [--json] [--strict]

Lists the MCP servers of every scope (local over project over user on the
same name) and checks each by connecting to all of them at once. Project
servers from .mcp.json that are not approved yet are shown, not started.
Under a stdio server that failed, the log file holding its stderr.

Options:
  --json       print a JSON array of {name, scope, status, type, command
               and args or url, tools, protocolVersion?, approval?, error?,
               log?, shadows?, file}; protocolVersion is the MCP version a
               connected server speaks; an invalid entry has no type,
               command or url; log is
               the stderr log of a failed stdio server; shadows lists the
               lower scopes whose server of the same name is hidden
  --strict     exit 1 unless every server is healthy (a health check)
  -h, --help   show this help

Exit status: 0 once it ran, whatever the servers' states (as Claude Code's).
With --strict: 0 when every listed server connected or waits for a login
(\`mini-cc mcp login NAME\`), or none is configured; 1 when any failed, is
invalid, waits for approval, or a config file could not be read.`;

/** `mini-cc mcp list [--json]`. */
export const listCommand: McpSubcommand = {
  name: "list",
  summary: "list servers of every scope and check that they connect",
  usage: USAGE,
  options: [
    { long: "json", value: false },
    { long: "strict", value: false },
  ],
  async run(args, context) {
    noMorePositionals(args.positionals, 0);
    const { io, projectDir, home, logPlaces } = context;
    const policy = await context.managedPolicy();
    for (const problem of policy.problems) context.warn(problem);
    const loaded = await loadMcpConfig({ cwd: projectDir, home, env: io.env, managedFile: policy.mcpFile });
    for (const line of [...loaded.problems, ...loaded.warnings]) context.warn(line);
    const json = args.flags.has("json");
    const strict = args.flags.has("strict");
    if (loaded.servers.length === 0) {
      if (json) context.printJson("[]");
      // A config file that could not be read is not "nothing configured": its problem was just printed.
      else if (loaded.problems.length === 0) {
        context.print("No MCP servers configured. Add one with: mini-cc mcp add NAME -- COMMAND [ARGS...]");
      }
      return strict && loaded.problems.length > 0 ? 1 : 0;
    }

    // Every scope's declarations, to say which winner hides a lower scope's server of the same name.
    const declared = await context.editor.listDeclared();
    const manager = context.createManager(policy);
    try {
      await manager.start(loaded.servers);
      const rows = await listRows(manager.getSnapshot(), {
        files: new Map(loaded.servers.map((server) => [server.name, server.file])),
        approvalOf: (view) =>
          view.config ? context.approvals.status(projectDir, view.config) : Promise.resolve("new"),
        logOf: (view) => failedServerLog(view, logPlaces.logDir),
        sandboxedOf: sandboxedLookup(context),
        shadowed: shadowedScopes(declared.entries, loaded.servers),
      });
      if (json) context.printJson(JSON.stringify(rows, null, 2));
      else for (const row of rows) for (const line of formatListLines(row, logPlaces.userHome)) context.print(line);
      return !strict || (rows.every(isConnected) && loaded.problems.length === 0) ? 0 : 1;
    } finally {
      // Output first, then the servers go: closing waits for each process group to exit.
      await manager.close();
    }
  },
};
