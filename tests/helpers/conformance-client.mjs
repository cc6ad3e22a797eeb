// mini-cc as a client of the MCP conformance suite (@modelcontextprotocol/conformance):
// the suite runs this with the scenario's server URL as the last argument,
// MCP_CONFORMANCE_SCENARIO and, for some scenarios, MCP_CONFORMANCE_CONTEXT
// (the pre-registered client's ID and secret). It does what a user does, with
// the built CLI (MINI_CC_CLI) in a temporary home and project:
//   1. declares the server in the user scope (no approval needed), the client's
//      secret as ${CONFORMANCE_CLIENT_SECRET} (from the environment, never in the file);
//   2. `mini-cc mcp login conf` through the scripted browser, unless the entry is a
//      machine client (client_credentials: no login at all);
//   3. `mini-cc -p` with a model script that calls the server's test-tool;
//   4. when the tool's result asks for a new login (a scope step-up), logs in again
//      and runs again — only while mini-cc says a login would help.
// Writes what it ran to stderr; exits 0 once the tool answered.
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");
const cli = process.env.MINI_CC_CLI;
if (!cli) throw new Error("MINI_CC_CLI: the built cli.js to run");

/** The client ID metadata document the suite's CIMD scenario expects as the client_id. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

const root = mkdtempSync(join(tmpdir(), "mini-cc-conformance-"));
const home = join(root, "home");
const project = join(root, "project");
mkdirSync(home, { mode: 0o700 });
mkdirSync(project);

const entry = { type: "http", url };
if (scenario === "auth/basic-cimd") entry.oauth = { clientMetadataUrl: CLIENT_METADATA_URL };
else if (scenario.startsWith("auth/client-credentials")) entry.oauth = { clientId: context.client_id, clientSecret: "${CONFORMANCE_CLIENT_SECRET}", grantType: "client_credentials" };
else if (context.client_id) entry.oauth = { clientId: context.client_id, clientSecret: "${CONFORMANCE_CLIENT_SECRET}" };
writeFileSync(join(home, "mcp.json"), JSON.stringify({ mcpServers: { conf: entry } }));

const script = join(root, "script.json");
writeFileSync(
  script,
  JSON.stringify({
    responses: [
      { content: [{ type: "tool_use", name: "mcp__conf__test-tool", input: {} }] },
      { content: [{ type: "text", text: "Done." }] },
    ],
  }),
);

const browser = `${JSON.stringify(process.execPath)} ${JSON.stringify(fileURLToPath(new URL("./scripted-browser.mjs", import.meta.url)))}`;
const env = {
  PATH: process.env.PATH ?? "",
  HOME: root,
  MINI_CC_HOME: home,
  BROWSER: browser,
  CONFORMANCE_CLIENT_SECRET: context.client_secret ?? "",
  MCP_TIMEOUT: "10000",
};

function run(args) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: project, env, encoding: "utf8", timeout: 20_000 });
  process.stderr.write(`$ mini-cc ${args.join(" ")} → ${result.status}\n${result.stdout}${result.stderr}\n`);
  return result;
}

/** The text of the tool's result in a stream-json run, or undefined. */
function toolResult(stdout) {
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const event = JSON.parse(line);
    const block = event.type === "user" ? event.message?.content?.find((item) => item.type === "tool_result") : undefined;
    if (block) return { text: typeof block.content === "string" ? block.content : JSON.stringify(block.content), isError: block.is_error === true };
  }
  return undefined;
}

const machine = entry.oauth?.grantType === "client_credentials";
if (!machine) run(["mcp", "login", "conf"]);
for (let attempt = 1; attempt <= 3; attempt++) {
  const print = run(["-p", "call the test tool", "--model-script", script, "--output-format", "stream-json", "--allowedTools", "mcp__conf__test-tool"]);
  const result = toolResult(print.stdout);
  if (result && !result.isError) process.exit(0);
  // Log in again only when mini-cc says a login would help (a step-up), as a user would.
  if (machine || !result?.text.includes("log in again")) break;
  run(["mcp", "login", "conf"]);
}
process.exit(1);
