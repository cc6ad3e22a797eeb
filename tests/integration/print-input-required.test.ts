import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  cliForTestFile,
  mcpConfig,
  modelScript,
  NODE,
  ROOT,
  toolResultsById,
  toolUse,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// A 2026-07-28 server asks for input in its results (input_required), not with requests of its own:
// print mode answers them as it answers a 2025 server's requests (declines what needs a person,
// roots from the project), and the call is sent again with the answers and the server's state.

const MODERN = join(ROOT, "tests/helpers/modern-server.mjs");
const OLD = join(ROOT, "tests/helpers/old-protocol-server.mjs");
const cli = cliForTestFile();
let box: CliSandbox;
beforeEach(async () => {
  box = await cli.sandbox();
});

/** One print run whose scripted model calls `tool` on `server`, then says Done. */
async function call(
  server: string,
  tool: string,
  input: Record<string, unknown> = {},
  env: Record<string, string> = {},
) {
  const script = await box.write(
    "script.json",
    modelScript([toolUse("t1", `mcp__${server}__${tool}`, input)], [{ type: "text", text: "Done." }]),
  );
  const entries = {
    modern: { command: NODE, args: [MODERN], env },
    old: { command: NODE, args: [OLD] },
    odd: { command: NODE, args: [OLD], env: { MCP_OLD_MODE: "odd" } },
  };
  const config = mcpConfig({ [server]: entries[server as keyof typeof entries] });
  const run = await box.run([
    "-p",
    "go",
    "--model-script",
    script,
    "--output-format",
    "stream-json",
    "--mcp-config",
    config,
    "--allowedTools",
    "mcp__*",
  ]);
  const result = toolResultsById(run.lines).t1 as
    | { content: string | Array<{ text: string }>; is_error?: boolean }
    | undefined;
  const text = typeof result?.content === "string" ? result.content : (result?.content[0]?.text ?? "");
  return { run, result, text };
}

describe("input_required results in print mode", () => {
  it("calls a tool on each protocol generation", async () => {
    expect((await call("modern", "echo", { text: "hi from 2026" })).text).toBe("hi from 2026");
    expect((await call("old", "hello")).text).toBe("hello from 2025-06-18");
  });

  it("declines a form and a URL elicitation and says so, as for a 2025 server", async () => {
    const form = await call("modern", "ask_form");
    expect(JSON.parse(form.text)).toEqual({ action: "decline" });
    expect(form.run.stderr).toBe(
      "mini-cc: MCP server modern asked for input: declined (nobody to ask in print mode)\n",
    );
    const url = await call("modern", "ask_url");
    expect(JSON.parse(url.text)).toEqual({ action: "decline" });
    expect(url.run.stderr).toBe(
      "mini-cc: MCP server modern asked to visit a URL: declined (nobody to ask in print mode)\n",
    );
  });

  it("answers a roots request with the project folder", async () => {
    const { text } = await call("modern", "ask_roots");
    expect(JSON.parse(text).roots.map((root: { uri: string }) => root.uri)).toEqual([`file://${box.project}`]);
  });

  it("echoes requestState byte for byte", async () => {
    const state = 'st\u00e9 "q" \\ \u2713 {"a":1}';
    const { text } = await call("modern", "state", {}, { MCP_MODERN_STATE: state });
    expect(JSON.parse(text)).toEqual({ state, same: true, answered: false });
  });

  it("declines sampling, and the run goes on", async () => {
    const { run, text } = await call("modern", "ask_sample");
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "mini-cc: MCP server modern asked to use the model: declined (allow with --allow-sampling)\n",
    );
    expect(text).toBe(
      "MCP tool ask_sample failed: Sampling declined: mini-cc runs unattended (start it with --allow-sampling to allow)",
    );
  });

  it("gives up on a server that asks forever, after 10 rounds, saying so", async () => {
    const { run, result, text } = await call("modern", "ask_forever");
    expect(run.code).toBe(0);
    expect(result?.is_error).toBe(true);
    expect(text).toBe("MCP tool ask_forever failed: server modern still asked for input after 10 rounds; gave up");
  });

  it("calls a result of an unknown resultType an error naming the server, terminal-safe", async () => {
    const { result, text } = await call("odd", "hello");
    expect(result?.is_error).toBe(true);
    expect(text).toBe('MCP tool hello failed: server odd answered with a result of unknown type "\\u001b[2Jbogus"');
  });

  it("refuses to send back a requestState past 1 MB (3 MB here: 10 MB is past a stdio line already)", async () => {
    const { result, text } = await call("modern", "big_state", {}, { MCP_MODERN_STATE_BYTES: String(3 * 1024 * 1024) });
    expect(result?.is_error).toBe(true);
    expect(text).toBe(
      "MCP tool big_state failed: server modern sent a requestState of 3.0 MB, past the 1 MB mini-cc sends back",
    );
  });
});
