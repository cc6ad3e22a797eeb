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
import { conformanceHome, toolResults } from "./conformance-home.mjs";

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");

/** The client ID metadata document the suite's CIMD scenario expects as the client_id. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

const entry = { type: "http", url };
if (scenario === "auth/basic-cimd") entry.oauth = { clientMetadataUrl: CLIENT_METADATA_URL };
else if (scenario.startsWith("auth/client-credentials"))
  entry.oauth = {
    clientId: context.client_id,
    clientSecret: "${CONFORMANCE_CLIENT_SECRET}",
    grantType: "client_credentials",
  };
else if (context.client_id) entry.oauth = { clientId: context.client_id, clientSecret: "${CONFORMANCE_CLIENT_SECRET}" };

const home = conformanceHome(entry, { CONFORMANCE_CLIENT_SECRET: context.client_secret ?? "" });
const script = home.script([{ name: "mcp__conf__test-tool" }]);
const run = (args) => home.run(args);

const machine = entry.oauth?.grantType === "client_credentials";
if (!machine) run(["mcp", "login", "conf"]);
for (let attempt = 1; attempt <= 3; attempt++) {
  const print = run([
    "-p",
    "call the test tool",
    "--model-script",
    script,
    "--output-format",
    "stream-json",
    "--allowedTools",
    "mcp__conf__test-tool",
  ]);
  const result = toolResults(print.stdout)[0];
  if (result && !result.isError) process.exit(0);
  // Log in again only when mini-cc says a login would help (a step-up), as a user would.
  if (machine || !result?.text.includes("log in again")) break;
  run(["mcp", "login", "conf"]);
}
process.exit(1);
