// mini-cc as a client of the MCP conformance suite (@modelcontextprotocol/conformance):
// the suite runs this with the scenario's server URL as the last argument,
// MCP_CONFORMANCE_SCENARIO and, for some scenarios, MCP_CONFORMANCE_CONTEXT
// (the pre-registered client's ID and secret, or a machine client's private key).
// It does what a user does, with the built CLI (MINI_CC_CLI) in a temporary home
// and project:
//   1. declares the server in the user scope with `mini-cc mcp add` (`mcp add-json` for
//      a client ID metadata document), a client secret as ${CONFORMANCE_CLIENT_SECRET}
//      (from the environment, never in the file), a private key as a 0600 file;
//   2. `mini-cc mcp login conf` through the scripted browser, unless the entry is a
//      machine client (client_credentials: no login at all);
//   3. `mini-cc -p` with a model script that calls the server's test-tool;
//   4. when mini-cc says to run `mini-cc mcp login conf` (a scope step-up, a server
//      that moved to another authorization server), logs in again and runs again.
// Writes what it ran to stderr; exits 0 once the tool answered.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { conformanceHome, toolResults } from "./conformance-home.mjs";

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");

/** The client ID metadata document the suite's CIMD scenario expects as the client_id. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

const home = conformanceHome(undefined, { CONFORMANCE_CLIENT_SECRET: context.client_secret ?? "" });
const run = (args) => home.run(args);
const add = ["mcp", "add", "--scope", "user", "--transport", "http", "conf", url];
const machine = scenario.startsWith("auth/client-credentials");
if (scenario === "auth/basic-cimd") {
  const entry = { type: "http", url, oauth: { clientMetadataUrl: CLIENT_METADATA_URL } };
  run(["mcp", "add-json", "--scope", "user", "conf", JSON.stringify(entry)]);
} else if (context.private_key_pem) {
  const keyFile = join(home.root, "client-key.pem");
  writeFileSync(keyFile, context.private_key_pem, { mode: 0o600 });
  const alg = context.signing_algorithm ?? "ES256";
  run([
    ...add,
    "--client-credentials",
    "--client-id",
    context.client_id,
    "--client-key-file",
    keyFile,
    "--client-key-alg",
    alg,
  ]);
} else if (context.client_id) {
  const secret = ["--client-id", context.client_id, "--client-secret", "${CONFORMANCE_CLIENT_SECRET}"];
  run([...add, ...secret, ...(machine ? ["--client-credentials"] : [])]);
} else run(add);

const script = home.script([{ name: "mcp__conf__test-tool" }]);
/** mini-cc says a login would help: the command it names. */
const asksForLogin = (result) => `${result.stdout}${result.stderr}`.includes("mini-cc mcp login conf");

let login = machine ? undefined : run(["mcp", "login", "conf"]);
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
  // Log in again only when mini-cc says a login would help, as a user would.
  if (machine || !(asksForLogin(print) || (login && asksForLogin(login)) || result?.text.includes("log in again")))
    break;
  login = run(["mcp", "login", "conf"]);
}
process.exit(1);
