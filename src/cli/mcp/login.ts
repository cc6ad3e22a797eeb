/**
 * `mini-cc mcp login NAME` and `mini-cc mcp logout NAME`: an OAuth login for
 * an http or sse server (mcp/oauth/login.ts), then a connect to show it
 * works; a logout forgets the server's tokens. The authorization URL is
 * opened with $BROWSER or the platform's opener and always printed; tokens
 * are never printed.
 */
import { expandEntry } from "../../config/expand.ts";
import { isRemote, type RemoteEntry, type ServerConfig } from "../../config/types.ts";
import { MiniCcError, usageError } from "../../errors.ts";
import { loginTimeoutMs, loginToServer } from "../../mcp/connection/oauth/login.ts";
import { announceLoginPage } from "../../mcp/connection/oauth/login-page.ts";
import { noMorePositionals, type ParsedArgs } from "./arg-parser.ts";
import type { McpCommandContext, McpSubcommand } from "./command.ts";
import { readDeclared } from "./declared-servers.ts";
import { listRows, statusText } from "./list-rows.ts";
import { terminalSafeLine } from "../../text/terminal-safe.ts";

const LOGIN_USAGE = `Usage: mini-cc mcp login [--no-browser] NAME

Logs in to the http or sse server NAME with OAuth: opens the authorization
URL with $BROWSER (or the system's opener) and prints it, waits for the
browser to come back (MCP_LOGIN_TIMEOUT ms, default 120000), keeps the
tokens in ~/.mini-cc/mcp-oauth.json (only you can read it), then connects.

A project server of ./.mcp.json that is not approved yet is approved first
(asked on the terminal, or \`mini-cc mcp approve NAME\`): nothing contacts
it before.

Options:
  --no-browser   open nothing: print the URL, and take the address the
                 browser ends on (http://127.0.0.1:PORT/callback?code=…),
                 pasted back here; for a login over SSH
  -h, --help     show this help

Exit status: 0 when logged in; 1 when a step of the login failed.`;

const LOGOUT_USAGE = `Usage: mini-cc mcp logout NAME

Forgets the OAuth tokens of the http or sse server NAME (and says which
authorization server issued them); its next connect needs a login again.
The client registered at each authorization server is kept for that login.`;

/** The winning declaration of NAME, expanded; only http and sse servers log in. */
async function remoteServer(
  args: ParsedArgs,
  context: McpCommandContext,
): Promise<{ config: ServerConfig; entry: RemoteEntry }> {
  const name = args.positionals[0];
  if (name === undefined) throw usageError("missing NAME");
  noMorePositionals(args.positionals, 1);
  const { entries, problems } = await readDeclared(context);
  for (const problem of problems) context.warn(problem);
  const found = entries.find((entry) => entry.name === name);
  if (!found) throw new MiniCcError("command-failed", `no server named "${name}"`);
  if (!found.ok) throw new MiniCcError("command-failed", `${name}: ${found.error}`);
  const entry = expandEntry(found.config.entry, context.io.env).entry;
  if (!isRemote(entry))
    throw new MiniCcError("command-failed", `${name} is a stdio server: only http and sse servers log in`);
  return { config: { ...found.config, resolved: entry }, entry };
}

export const loginCommand: McpSubcommand = {
  name: "login",
  summary: "log in to an http or sse server with OAuth",
  usage: LOGIN_USAGE,
  options: [{ long: "no-browser", value: false }],
  async run(args, context) {
    const { config, entry } = await remoteServer(args, context);
    const { name } = config;
    if (!(await approvedToContact(config, entry, context))) return 1;
    const prompt = context.io.prompt;
    const noBrowser = args.flags.has("no-browser");
    if (noBrowser && !prompt)
      throw usageError("--no-browser takes the redirect URL pasted on the terminal: standard input is not one");
    await loginToServer({
      name,
      entry,
      store: context.oauth,
      timeoutMs: loginTimeoutMs(context.io.env),
      open: noBrowser
        ? (url) => {
            context.print(`Open this page in a browser to log in to ${name}:`);
            context.print(url.href);
          }
        : (url) => announceLoginPage(name, url, context.io.env, (line) => context.print(line)),
      ...(noBrowser && prompt
        ? {
            pasteRedirect: (problem: string | undefined, signal: AbortSignal) =>
              prompt(
                `${problem ? `That is ${problem}. ` : ""}Paste the address the browser ended on (http://127.0.0.1:…/callback?code=…): `,
                signal,
              ),
          }
        : {}),
    });
    context.print(`Logged in to ${name}.`);
    const manager = context.createManager(await context.managedPolicy());
    try {
      await manager.start([config]);
      const [row] = await listRows(manager.getSnapshot(), {
        files: new Map([[name, config.file]]),
        approvalOf: (view) =>
          view.config ? context.approvals.status(context.projectDir, view.config) : Promise.resolve("new"),
        logOf: () => Promise.resolve(undefined),
      });
      if (row) context.print(`${name}: ${statusText(row)}`);
      return row?.status === "connected" || row?.status === "needs-approval" ? 0 : 1;
    } finally {
      await manager.close();
    }
  },
};

/**
 * A project server is contacted (probe, metadata, registration, browser) only
 * once approved, as on every other route: an unapproved one is asked about
 * first on a terminal, else refused.
 */
async function approvedToContact(
  config: ServerConfig,
  entry: RemoteEntry,
  context: McpCommandContext,
): Promise<boolean> {
  if (config.source !== "project") return true;
  const status = await context.approvals.status(context.projectDir, config);
  if (status === "approved") return true;
  const what = status === "changed" ? "changed since you approved it" : "not approved in this project";
  const prompt = context.io.prompt;
  if (!prompt) {
    throw new MiniCcError(
      "command-failed",
      `${config.name} is a project server ${what}: approve it first with \`mini-cc mcp approve ${config.name}\` (nothing was contacted)`,
    );
  }
  context.print(`Project server ${config.name} (${context.editor.fileOf("project")}) is ${what}.`);
  const url = isRemote(config.entry) ? config.entry.url : entry.url;
  context.print(`Logging in contacts ${terminalSafeLine(url)} and opens the login page it names.`);
  const answer = (await prompt(`Approve ${config.name} for this project and log in? [y/N] `)).trim().toLowerCase();
  if (answer !== "y" && answer !== "yes") {
    context.warn(`Not approved: ${config.name} was not contacted.`);
    return false;
  }
  await context.approvals.approve(context.projectDir, config, { sandboxed: false });
  context.print(`Approved project server ${config.name}.`);
  return true;
}

export const logoutCommand: McpSubcommand = {
  name: "logout",
  summary: "forget an http or sse server's OAuth tokens",
  usage: LOGOUT_USAGE,
  options: [],
  async run(args, context) {
    const { config, entry } = await remoteServer(args, context);
    const before = await context.oauth.read(entry.url);
    await context.oauth.forgetTokens(entry.url);
    // Tokens are the issuer's that granted them; a registration at each issuer stays for the next login.
    const issuer = before.tokens?.issuer;
    const from = issuer !== undefined ? ` (forgot the tokens ${terminalSafeLine(issuer)} issued)` : "";
    context.print(before.tokens ? `Logged out of ${config.name}${from}.` : `${config.name} was not logged in.`);
    return 0;
  },
};
