// mini-cc as a client of the MCP conformance suite's newest release (conformance-next,
// 0.2.0-alpha.12) for its scenarios without OAuth: the scenario's server (the URL is the
// last argument) declared in a temporary home, then `mini-cc mcp list` (a connect and
// tools/list) and `mini-cc -p` with a model script that calls the tools the scenario
// wants called: those it names in MCP_CONFORMANCE_CONTEXT (toolCalls), else the ones below.
// Exits 0 once mini-cc ran; the suite's checks say how it went.
import { conformanceHome } from "./conformance-home.mjs";

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");

/** Tools each scenario's server offers to be called, with the arguments a model would give. */
const CALLS = {
  tools_call: [{ name: "add_numbers", arguments: { a: 2, b: 3 } }],
  "sse-retry": [{ name: "test_reconnection", arguments: {} }],
  "sep-2322-client-request-state": [
    "test_mrtr_echo_state",
    "test_mrtr_no_state",
    "test_mrtr_unrelated",
    "test_mrtr_no_result_type",
  ].map((name) => ({ name, arguments: {} })),
  "http-invalid-tool-headers": [
    { name: "valid_tool", arguments: { region: "eu-west1" } },
    // Left out by mini-cc: the model may still ask for it, and must get "No such tool".
    { name: "invalid_empty_header", arguments: { value: "x" } },
  ],
  "elicitation-sep1034-client-defaults": [{ name: "test_client_elicitation_defaults", arguments: {} }],
  "http-standard-headers": [
    { name: "test_headers", arguments: {} },
    { name: "my-hyphenated-tool", arguments: {} },
    { tool: "ReadMcpResource", arguments: { server: "conf", uri: "file:///path/to/file%20name.txt" } },
  ],
};

/** Scenarios whose server has a prompt to get: it is run as the slash command a user types. */
const PROMPTS = { "http-standard-headers": "test_prompt" };

const calls = context.toolCalls ?? CALLS[scenario] ?? [];
const home = conformanceHome({ type: "http", url });
home.run(["mcp", "list"]);
if (calls.length > 0) {
  const script = home.script(
    calls.map((call) => ({ name: call.tool ?? `mcp__conf__${call.name}`, input: call.arguments ?? {} })),
  );
  home.run([
    "-p",
    "call the tools",
    "--model-script",
    script,
    "--output-format",
    "stream-json",
    "--allowedTools",
    "mcp__conf__*,ReadMcpResource",
  ]);
}
if (PROMPTS[scenario])
  home.run([
    "-p",
    `/mcp__conf__${PROMPTS[scenario]}`,
    "--model-script",
    home.script([]),
    "--output-format",
    "stream-json",
  ]);
process.exit(0);
