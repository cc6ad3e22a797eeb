/**
 * `mini-cc mcp add`: declares a stdio server (`NAME -- COMMAND [ARGS…]`) or a
 * remote one (`--transport http|sse NAME URL`) in a scope file, as
 * `claude mcp add` does. Options go before NAME; from the command on,
 * everything is the server's own command line.
 */
import type { OAuthClientEntry, ServerEntry } from "../../config/types.ts";
import { WRITABLE_SCOPES, type WritableScope } from "../../config/scope-files.ts";
import { usageError } from "../../errors.ts";
import { oneOf } from "../one-of.ts";
import { lastValue, type ParsedArgs } from "./arg-parser.ts";
import { SCOPE_OPTION, scopeLabel, scopeOption, type McpCommandContext, type McpSubcommand } from "./command.ts";
import { approveCommand } from "../../mcp/describe.ts";

const TRANSPORTS = ["stdio", "http", "sse"] as const;
type Transport = (typeof TRANSPORTS)[number];

const USAGE = `Usage: mini-cc mcp add [options] NAME -- COMMAND [ARGS...]
       mini-cc mcp add --transport http|sse [options] NAME URL

Adds an MCP server to a config scope. Options go before NAME; everything
after NAME (or after --) is the server's command line.

Options:
  -s, --scope <scope>          local (default): you, in this project only
                               project: .mcp.json here, shared with the team
                               user: you, in every project
  -t, --transport <type>       stdio (default), http or sse
  -e, --env <KEY=VALUE>        environment variable of a stdio server (repeatable)
  -H, --header <"Name: value"> HTTP header of an http or sse server (repeatable)
      --client-id <id>         OAuth client registered beforehand (http, sse)
      --client-secret <secret> its secret; better '\${VAR}' than the value
      --callback-port <port>   the port of its loopback redirect URI
      --force                  replace a server of the same name in that scope
  -h, --help                   show this help

Values may use \${VAR} and \${VAR:-default}; they expand when the server starts.

Examples:
  mini-cc mcp add tracker -- node examples/mcp_tracker_server.ts
  mini-cc mcp add -s project -e API_KEY='\${API_KEY}' search -- npx -y search-mcp
  mini-cc mcp add --transport http -H 'Authorization: Bearer \${TOKEN}' docs https://example.com/mcp`;

/** `KEY=VALUE` pairs (a later KEY wins); a pair without "=" is a usage error. */
export function parseEnvPairs(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw usageError(`invalid --env value "${pair}": expected KEY=VALUE`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return env;
}

/** `Name: value` headers (a later Name wins); a header without ":" is a usage error. */
export function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = colon < 0 ? "" : line.slice(0, colon).trim();
    if (!name || /\s/.test(name)) throw usageError(`invalid --header value "${line}": expected "Name: value"`);
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The entry `mcp add` writes for its arguments. */
export function entryFromArgs(transport: Transport, rest: readonly string[], args: ParsedArgs): ServerEntry {
  const envs = args.values.get("env") ?? [];
  const headers = args.values.get("header") ?? [];
  if (transport === "stdio") {
    if (headers.length > 0) throw usageError("--header is for http and sse servers");
    if (oauthFromArgs(args)) throw usageError("--client-id, --client-secret and --callback-port are for http and sse servers");
    const [command, ...commandArgs] = rest;
    if (command === undefined) throw usageError("missing COMMAND");
    return envs.length > 0 ? { command, args: commandArgs, env: parseEnvPairs(envs) } : { command, args: commandArgs };
  }
  const oauth = oauthFromArgs(args);
  if (envs.length > 0) throw usageError("--env is for stdio servers");
  const [url, extra] = rest;
  if (url === undefined) throw usageError("missing URL");
  if (extra !== undefined) throw usageError(`unexpected argument: ${extra}`);
  if (!/^https?:\/\//i.test(url) && !url.startsWith("${")) throw usageError(`invalid URL: ${url} (expected http:// or https://)`);
  return { type: transport, url, ...(headers.length > 0 ? { headers: parseHeaders(headers) } : {}), ...(oauth ? { oauth } : {}) };
}

/** The pre-registered OAuth client given by --client-id, --client-secret and --callback-port; undefined when none is. */
function oauthFromArgs(args: ParsedArgs): OAuthClientEntry | undefined {
  const clientId = lastValue(args, "client-id");
  const clientSecret = lastValue(args, "client-secret");
  const port = lastValue(args, "callback-port");
  if (clientId === undefined && clientSecret === undefined && port === undefined) return undefined;
  if (clientId === undefined || clientId === "") throw usageError("--client-secret and --callback-port need --client-id");
  let callbackPort: number | undefined;
  if (port !== undefined) {
    callbackPort = Number(port);
    if (!/^\d+$/.test(port) || callbackPort < 1 || callbackPort > 65535) throw usageError(`invalid --callback-port value "${port}": expected a port from 1 to 65535`);
  }
  return { clientId, ...(clientSecret !== undefined ? { clientSecret } : {}), ...(callbackPort !== undefined ? { callbackPort } : {}) };
}

/** Prints where a server went, and the notes a user of that scope needs. */
export async function reportAdded(
  context: McpCommandContext,
  added: { scope: WritableScope; file: string; replaced: boolean },
  name: string,
  kind: string,
): Promise<void> {
  const verb = added.replaced ? `Replaced ${kind} MCP server ${name} in` : `Added ${kind} MCP server ${name} to`;
  context.print(`${verb} ${scopeLabel(added.scope)} (${added.file})`);
  if (added.scope === "project") {
    context.print(`Teammates will be asked to approve it before it starts; to approve it yourself, run: ${approveCommand(name)}`);
  }
  // Local beats project beats user: say so when the new entry will not be the one that runs.
  const { entries } = await context.editor.listDeclared();
  const winner = WRITABLE_SCOPES.find((scope) => entries.some((e) => e.scope === scope && e.name === name));
  if (winner && winner !== added.scope) {
    context.warn(`Note: the ${scopeLabel(winner)} also declares ${name} and takes precedence over this one.`);
  }
}

/** `mini-cc mcp add [-s SCOPE] [-e K=V]… NAME -- COMMAND [ARGS…]` and `--transport http|sse … NAME URL`. */
export const addCommand: McpSubcommand = {
  name: "add",
  summary: "add a stdio, http or sse server",
  usage: USAGE,
  options: [
    SCOPE_OPTION,
    { long: "transport", short: "t", value: true },
    { long: "env", short: "e", value: true },
    { long: "header", short: "H", value: true },
    { long: "client-id", value: true },
    { long: "client-secret", value: true },
    { long: "callback-port", value: true },
    { long: "force", value: false },
  ],
  parse: { passThroughAfter: 1 },
  async run(args, context) {
    const scope = scopeOption(args) ?? "local";
    const transport = oneOf("transport", lastValue(args, "transport") ?? "stdio", TRANSPORTS);
    const name = args.positionals[0];
    if (name === undefined) throw usageError("missing NAME");
    const entry = entryFromArgs(transport, args.rest, args);
    if (transport === "stdio" && /^https?:\/\//i.test(args.rest[0]!)) {
      context.warn(`Note: ${args.rest[0]} looks like a URL; for a remote server use --transport http or sse.`);
    }
    const added = await context.editor.addServer(scope, name, entry, { force: args.flags.has("force") });
    await reportAdded(context, added, name, transport);
    return 0;
  },
};
