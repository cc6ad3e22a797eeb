// mini-cc as a client of the MCP conformance suite's newest release (conformance-next,
// 0.2.0-alpha.12) for its scenarios without OAuth: the scenario's server (the URL is the
// last argument) declared in a temporary home, then `mini-cc mcp list` (a connect and
// tools/list) and `mini-cc -p` with a model script that calls the tools the scenario
// wants called: those it names in MCP_CONFORMANCE_CONTEXT (toolCalls), else the ones below.
// Two scenarios need more than a script: elicitation-sep1034-client-defaults wants its form
// accepted as a person would (the TUI on a real pseudo-terminal, Enter through the fields: the
// defaults the form starts with are what is sent), and json-schema-2020-12-preservation wants the
// model to hand back the tool schema it was shown (the stand-in Messages API at
// MINI_CC_CONFORMANCE_MODEL_URL, started by the test, builds that reply from the request).
// Exits 0 once mini-cc ran; the suite's checks say how it went.
import { conformanceHome } from "./conformance-home.mjs";
import { interactiveEnv, PtyScreen } from "./pty-screen.ts";

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

/** Runs the TUI with `script`, accepts the form the server asks with, and waits for the script's last words. */
async function acceptFormInTui(home, script) {
  const screen = new PtyScreen(
    process.execPath,
    [home.cli, "call the tool", "--model-script", script, "--allowedTools", "mcp__conf__*"],
    { cols: 120, rows: 40, cwd: home.project, env: interactiveEnv(home.env) },
  );
  try {
    // The form is drawn, then armed (its first field marked); keys count from then on.
    await screen.waitFor("│ ❯ name", 20_000);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // Enter moves from field to field, and submits from the last: nothing typed, every default kept.
    for (let field = 0; field < 5; field++) {
      screen.write("\r");
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await screen.waitFor("Done.", 20_000);
  } finally {
    process.stderr.write(`$ mini-cc (TUI)\n${screen.text()}\n`);
    screen.kill();
  }
}

const calls = context.toolCalls ?? CALLS[scenario] ?? [];
const modelUrl = process.env.MINI_CC_CONFORMANCE_MODEL_URL;
const home = conformanceHome(
  { type: "http", url },
  modelUrl ? { ANTHROPIC_BASE_URL: modelUrl, ANTHROPIC_API_KEY: "sk-conformance" } : {},
);
home.run(["mcp", "list"]);
const script = () =>
  home.script(calls.map((call) => ({ name: call.tool ?? `mcp__conf__${call.name}`, input: call.arguments ?? {} })));
if (scenario === "elicitation-sep1034-client-defaults") {
  await acceptFormInTui(home, script());
} else if (modelUrl) {
  home.run(["-p", "echo the schema", "--output-format", "stream-json", "--allowedTools", "mcp__conf__*"]);
} else if (calls.length > 0) {
  home.run([
    "-p",
    "call the tools",
    "--model-script",
    script(),
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
