/**
 * `mini-cc mcp add`: declares a stdio server (`NAME -- COMMAND [ARGS…]`) or a
 * remote one (`--transport http|sse|ws NAME URL`) in a scope file, as
 * `claude mcp add` does. Every example line of `claude mcp add --help` works:
 * options before or after NAME and after URL, `-e`/`-H` taking several values
 * (`-e A=1 B=2 my-server` stops at the name: see arg-parser.ts). A stdio
 * server's command line, from the first word after NAME that is not an option
 * (or after `--`), is the server's own, untouched. Header values are printed
 * masked (`Authorization: Bearer ****`).
 */
import type { ServerEntry } from "../../config/types.ts";
import { OAUTH_FLAGS, OAUTH_OPTIONS, oauthFromArgs } from "./add-oauth-args.ts";
import { WRITABLE_SCOPES, type WritableScope } from "../../config/scope-files.ts";
import { usageError } from "../../errors.ts";
import { oneOf } from "../one-of.ts";
import { lastValue, type ParsedArgs } from "./arg-parser.ts";
import { SCOPE_OPTION, scopeLabel, scopeOption, type McpCommandContext, type McpSubcommand } from "./command.ts";
import { approveCommand, maskedHeaderValue } from "../../config/describe.ts";
import { isRemote } from "../../config/types.ts";
import { expandEntry } from "../../config/expand.ts";
import { credentialArgWarnings, SECRET_NAME } from "../../config/credential-args.ts";

/** What --transport takes; streamable-http is http's other name. */
const TRANSPORTS = ["stdio", "http", "sse", "ws", "streamable-http"] as const;
type Transport = Exclude<(typeof TRANSPORTS)[number], "streamable-http">;

const USAGE = `Usage: mini-cc mcp add [options] NAME -- COMMAND [ARGS...]
       mini-cc mcp add --transport http|sse|ws [options] NAME URL [options]

Adds an MCP server to a config scope. Options may come before or after NAME
(and after URL); for a stdio server, everything after -- (or from the first
word after NAME that is not an option) is the server's command line, untouched.

Options:
  -s, --scope <scope>             local (default): you, in this project only
                                  project: .mcp.json here, shared with the team
                                  user: you, in every project
  -t, --transport <type>          stdio (default), http (or streamable-http), sse or ws
  -e, --env <KEY=VALUE...>        environment variables of a stdio server
                                  (repeatable; -e A=1 B=2 sets both)
  -H, --header <"Name: value"...> HTTP headers of an http or sse server
                                  (repeatable; shown masked: Authorization: Bearer ****)
      --client-id <id>            OAuth client registered beforehand (http, sse)
      --client-secret [<secret>]  its secret: alone, asked for on the terminal (or
                                  read from MCP_CLIENT_SECRET) and kept in the
                                  home's mcp-oauth.json, not in the config file;
                                  a value is written to the file: better '\${VAR}'
      --callback-port <port>      the port of its loopback redirect URI
      --client-credentials        a machine client: its token comes from its ID and
                                  secret (client_credentials grant), no browser
      --client-key-file <pem>     a machine client's private key (PKCS#8 PEM): it signs
                                  a JWT instead of sending a secret (private_key_jwt);
                                  the file stays where it is, only its path is kept
      --client-key-alg <alg>      the key's algorithm: ES256, ES384, ES512, RS256…
      --sandbox                   run the stdio server in the sandbox ("sandbox": true:
                                  reads all but your secrets, writes the project, no network)
      --force                     replace a server of the same name in that scope
  -h, --help                      show this help

Values may use \${VAR} and \${VAR:-default}; they expand when the server starts.

Examples (Claude Code's own lines work unchanged):
  mini-cc mcp add --transport http sentry https://mcp.sentry.dev/mcp
  mini-cc mcp add --transport http corridor https://app.corridor.dev/api/mcp --header "Authorization: Bearer ..."
  mini-cc mcp add -e API_KEY=xxx my-server -- npx my-mcp-server
  mini-cc mcp add my-server -- my-command --some-flag arg1
  mini-cc mcp add -s project -e API_KEY='\${API_KEY}' search -- npx -y search-mcp`;

const URL_LIKE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
/** Another -e value: `KEY=…`. A server name never has "=". */
const ENV_PAIR = /^[A-Za-z_][A-Za-z0-9_.-]*=/;
/** Another -H value: `Name: …`, never a URL. A server name never has ":". */
const HEADER_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:(?!\/\/)/;

/** The transport --transport names (the last one given), stdio when none. */
function transportOf(args: ParsedArgs): Transport {
  const given = oneOf("transport", lastValue(args, "transport") ?? "stdio", TRANSPORTS);
  return given === "streamable-http" ? "http" : given;
}

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

/** The entry `mcp add` writes: `line` is COMMAND [ARGS…] or URL. */
export function entryFromArgs(transport: Transport, line: readonly string[], args: ParsedArgs): ServerEntry {
  const envs = args.values.get("env") ?? [];
  const headers = args.values.get("header") ?? [];
  if (transport === "stdio") {
    if (headers.length > 0) throw usageError("--header is for http, sse and ws servers (add --transport http)");
    if (oauthFromArgs(args)) throw usageError(`${OAUTH_FLAGS} are for http and sse servers`);
    const [command, ...commandArgs] = line;
    if (command === undefined) throw usageError("missing COMMAND");
    return envs.length > 0 ? { command, args: commandArgs, env: parseEnvPairs(envs) } : { command, args: commandArgs };
  }
  const oauth = oauthFromArgs(args);
  if (envs.length > 0) throw usageError("--env is for stdio servers");
  const [url, extra] = line;
  if (url === undefined) throw usageError("missing URL");
  if (extra !== undefined) throw usageError(`unexpected argument: ${extra}`);
  const schemes = transport === "ws" ? /^wss?:\/\//i : /^https?:\/\//i;
  if (!schemes.test(url) && !url.startsWith("${")) {
    throw usageError(
      `invalid URL: ${url} (expected ${transport === "ws" ? "ws:// or wss://" : "http:// or https://"})`,
    );
  }
  return {
    type: transport,
    url,
    ...(headers.length > 0 ? { headers: parseHeaders(headers) } : {}),
    ...(oauth ? { oauth } : {}),
  };
}

/** A value that is a `${VAR}` reference, alone or after a scheme word: it holds no secret itself. */
const ONLY_REFERENCES = /^(?:[A-Za-z]{1,20}[ \t]+)?(?:\$\{[^}]+\})+$/;

/**
 * Warnings for credentials written as literal values into a file meant for
 * git (`.mcp.json`): each names the header or variable, never the value,
 * and shows the `${VAR}` form that keeps the secret in the environment.
 */
export function sharedSecretWarnings(entry: ServerEntry, file: string): string[] {
  const literal = (name: string, value: string) =>
    SECRET_NAME.test(name) && value.trim() !== "" && !ONLY_REFERENCES.test(value.trim());
  const variable = (name: string) => name.toUpperCase().replace(/[^A-Z0-9_]/g, "_");
  const warnings: string[] = [];
  const shared = `is written as is into ${file}, which is shared with everyone who has the project`;
  if (isRemote(entry)) {
    for (const [name, value] of Object.entries(entry.headers ?? {})) {
      if (!literal(name, value)) continue;
      const scheme = /^([A-Za-z]{1,20})[ \t]+\S/.exec(value.trim())?.[1];
      const example = `${name}: ${scheme ? `${scheme} ` : ""}\${${name.toLowerCase() === "authorization" ? "API_TOKEN" : variable(name)}}`;
      warnings.push(
        `Warning: the value of header ${name} ${shared}. Keep it in the environment instead: --header "${example}"`,
      );
    }
    if (entry.oauth?.clientSecret !== undefined && literal("secret", entry.oauth.clientSecret)) {
      warnings.push(
        `Warning: the OAuth client secret ${shared}. Keep it in the environment instead: --client-secret '\${CLIENT_SECRET}'`,
      );
    }
  } else {
    for (const [name, value] of Object.entries(entry.env ?? {})) {
      if (literal(name, value))
        warnings.push(
          `Warning: the value of ${name} ${shared}. Keep it in the environment instead: -e ${name}='\${${name}}'`,
        );
    }
  }
  return warnings;
}

/** Prints where a server went, and the notes a user of that scope needs. */
export async function reportAdded(
  context: McpCommandContext,
  added: { scope: WritableScope; file: string; replaced: boolean },
  name: string,
  entry: ServerEntry,
): Promise<void> {
  const kind = entry.type ?? "stdio";
  const verb = added.replaced ? `Replaced ${kind} MCP server ${name} in` : `Added ${kind} MCP server ${name} to`;
  context.print(`${verb} ${scopeLabel(added.scope)} (${added.file})`);
  if (isRemote(entry)) {
    for (const [header, value] of Object.entries(entry.headers ?? {}))
      context.print(`  Header: ${header}: ${maskedHeaderValue(value)}`);
  }
  for (const warning of credentialArgWarnings(name, entry)) context.warn(warning);
  if (added.scope === "project") {
    for (const warning of sharedSecretWarnings(entry, added.file)) context.warn(warning);
    context.print(
      `Teammates will be asked to approve it before it starts; to approve it yourself, run: ${approveCommand(name)}`,
    );
  }
  // Local beats project beats user: say so when the new entry will not be the one that runs.
  const { entries } = await context.editor.listDeclared();
  const winner = WRITABLE_SCOPES.find((scope) => entries.some((e) => e.scope === scope && e.name === name));
  if (winner && winner !== added.scope) {
    context.warn(`Note: the ${scopeLabel(winner)} also declares ${name} and takes precedence over this one.`);
  }
}

/** `mini-cc mcp add [-s SCOPE] [-e K=V…]… NAME -- COMMAND [ARGS…]` and `--transport http|sse|ws … NAME URL …`. */
export const addCommand: McpSubcommand = {
  name: "add",
  summary: "add a stdio, http, sse or ws server",
  usage: USAGE,
  options: [
    SCOPE_OPTION,
    { long: "transport", short: "t", value: true },
    { long: "env", short: "e", value: true, moreValues: (token) => ENV_PAIR.test(token) },
    { long: "header", short: "H", value: true, moreValues: (token) => HEADER_LINE.test(token) },
    ...OAUTH_OPTIONS,
    { long: "force", value: false },
    { long: "sandbox", value: false },
  ],
  parse: {
    passThroughAfter: 1,
    // A URL, or the word after NAME of a remote server, is a positional: options may follow it.
    passThroughAt: (token, parsed) => !URL_LIKE.test(token) && transportOf(parsed) === "stdio",
    neededPositionals: 2,
  },
  async run(args, context) {
    const scope = scopeOption(args) ?? "local";
    const transport = transportOf(args);
    const [name, ...afterName] = args.positionals;
    if (name === undefined) throw usageError("missing NAME");
    const line = [...afterName, ...args.rest];
    const parsed = entryFromArgs(transport, line, args);
    if (args.flags.has("sandbox") && isRemote(parsed)) throw usageError("--sandbox is for stdio servers");
    const entry: ServerEntry = args.flags.has("sandbox") && !isRemote(parsed) ? { ...parsed, sandbox: true } : parsed;
    if (transport === "stdio" && /^(https?|wss?):\/\//i.test(line[0]!)) {
      context.warn(`Note: ${line[0]} looks like a URL; for a remote server use --transport http, sse or ws.`);
    }
    await context.checkPolicy(name, entry);
    const secret = lastValue(args, "client-secret") === "" ? await askClientSecret(context) : undefined;
    const added = await context.editor.addServer(scope, name, entry, { force: args.flags.has("force") });
    if (secret !== undefined) await keepClientSecret(context, entry, secret);
    await reportAdded(context, added, name, entry);
    if (secret !== undefined)
      context.print(`Client secret kept in ${context.home.oauth} (0600), not in the config file.`);
    return 0;
  },
};

/** `--client-secret` with no value: MCP_CLIENT_SECRET, else asked on the terminal, as Claude Code does. */
async function askClientSecret(context: McpCommandContext): Promise<string> {
  const fromEnv = context.io.env.MCP_CLIENT_SECRET;
  if (fromEnv) return fromEnv;
  if (!context.io.prompt)
    throw usageError("--client-secret without a value asks on the terminal: set MCP_CLIENT_SECRET, or give the value");
  const typed = (await context.io.prompt("Client secret: ")).trim();
  if (typed === "") throw usageError("no client secret given");
  return typed;
}

/** The secret goes to the OAuth file under the server's URL (expanded as a session will expand it). */
async function keepClientSecret(context: McpCommandContext, entry: ServerEntry, secret: string): Promise<void> {
  const expanded = expandEntry(entry, context.io.env).entry;
  const clientId = isRemote(expanded) ? expanded.oauth?.clientId : undefined;
  if (!isRemote(expanded) || clientId === undefined) return;
  await context.oauth.update(expanded.url, (current) => ({ ...current, clientSecret: { clientId, secret } }));
}
