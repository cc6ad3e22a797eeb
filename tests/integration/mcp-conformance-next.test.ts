import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyBuiltCli, ROOT, type BuiltCli } from "../helpers/cli-sandbox.ts";
import { problems, runScenario, type Check } from "../helpers/conformance-run.ts";
import { type FakeMessage, messagesApisForTestFile } from "../helpers/fake-messages-api.ts";

// The conformance suite's newest release (conformance-next: @modelcontextprotocol/conformance
// 0.2.0-alpha.12, beside 0.1.16 which mcp-oauth-conformance.test.ts drives) runs its client
// scenarios without OAuth against mini-cc (tests/helpers/conformance-wire-client.mjs: mcp list,
// then -p calling the scenario's tools). Offline. elicitation-sep1034-client-defaults has its form
// accepted in the TUI on a real pseudo-terminal (print mode declines), and
// json-schema-2020-12-preservation has the stand-in Messages API answer as a model would: with the
// schema of the tool it was shown, handed back through the echo tool.

const SUITE = join(ROOT, "node_modules/conformance-next/dist/index.js");
const CLIENT = join(ROOT, "tests/helpers/conformance-wire-client.mjs");

let built: BuiltCli;
let out: string;
beforeAll(async () => {
  built = await copyBuiltCli();
  out = await mkdtemp(join(tmpdir(), "mini-cc-conformance-next-"));
});
afterAll(async () => {
  await built?.dispose();
  if (out) await rm(out, { recursive: true, force: true });
});

const scenario = (name: string, env?: Record<string, string>) =>
  runScenario({ suite: SUITE, client: CLIENT, cli: built.cli, out }, name, env);
const startMessagesApi = messagesApisForTestFile();

/** What a model shown the scenario's tools does: calls the echo tool with the focal tool's schema as it saw it. */
function echoTheSchema(request: Record<string, unknown>): FakeMessage {
  const tools = (request.tools ?? []) as { name: string; input_schema?: unknown }[];
  const focal = tools.find((tool) => tool.name === "mcp__conf__json_schema_2020_12_tool");
  return {
    content: [
      {
        type: "tool_use",
        id: "toolu_echo",
        name: "mcp__conf__json_schema_echo",
        input: { schema: focal?.input_schema },
      },
    ],
  };
}
const passed = (checks: Check[]) => checks.filter((check) => check.status === "SUCCESS").map((check) => check.id);

describe("the conformance suite 0.2.0-alpha.12's client scenarios without OAuth", () => {
  it.each(["initialize", "tools_call", "sse-retry", "json-schema-ref-no-deref"])("%s passes", async (name) => {
    const { checks } = await scenario(name);
    expect(problems(checks)).toEqual([]);
    expect(passed(checks).length).toBeGreaterThan(0);
  });

  it("request-metadata: _meta and the MCP-Protocol-Version header on every request, and a retry after -32022", async () => {
    const { checks } = await scenario("request-metadata");
    expect(problems(checks)).toEqual([]);
    expect(passed(checks)).toEqual(
      expect.arrayContaining([
        "sep-2575-http-client-sends-version-header",
        "sep-2575-client-populates-meta",
        "sep-2575-client-retry-supported-version",
      ]),
    );
  });

  it("http-standard-headers: Mcp-Method and Mcp-Name on tools/call, resources/read and prompts/get", async () => {
    const { checks } = await scenario("http-standard-headers");
    expect(problems(checks)).toEqual([]);
    const names = checks.filter((check) => check.status === "SUCCESS").map((check) => check.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "ClientMcpNameHeader_tools_call",
        "ClientMcpNameHeader_resources_read",
        "ClientMcpNameHeader_prompts_get",
      ]),
    );
  });

  it("http-custom-headers: x-mcp-header parameters mirrored with their encoding, null left out", async () => {
    const { checks } = await scenario("http-custom-headers");
    expect(problems(checks)).toEqual([]);
    expect(passed(checks)).toEqual(
      expect.arrayContaining(["sep-2243-client-base64-unsafe", "sep-2243-client-omit-null"]),
    );
  });

  it("http-invalid-tool-headers: invalid declarations left out, the valid tool kept, nothing raw on stderr", async () => {
    const { checks, stderr } = await scenario("http-invalid-tool-headers");
    expect(problems(checks)).toEqual([]);
    expect(stderr).toContain("mcp__conf__valid_tool");
    expect(stderr).not.toContain("[mcp-sdk]");
  });

  it("elicitation-sep1034-client-defaults: the form accepted in the TUI sends every field's default", async () => {
    const { checks } = await scenario("elicitation-sep1034-client-defaults");
    expect(problems(checks)).toEqual([]);
    expect(passed(checks)).toEqual(
      ["string", "integer", "number", "enum", "boolean"].map((kind) => `client-elicitation-sep1034-${kind}-default`),
    );
  }, 90_000);

  it("json-schema-2020-12-preservation: the model is shown the tool's schema unchanged", async () => {
    const api = await startMessagesApi([
      { kind: "reading", answer: echoTheSchema },
      { kind: "message", message: { content: [{ type: "text", text: "Done." }] } },
    ]);
    const { checks } = await scenario("json-schema-2020-12-preservation", {
      MINI_CC_CONFORMANCE_MODEL_URL: api.baseURL,
    });
    expect(problems(checks)).toEqual([]);
    expect(checks.filter((check) => check.status !== "SUCCESS")).toEqual([]);
    expect(api.requests).toHaveLength(2);
  }, 90_000);

  it("sep-2322-client-request-state: requestState echoed, absent stays absent, a new id per retry", async () => {
    const { checks } = await scenario("sep-2322-client-request-state");
    expect(problems(checks)).toEqual([]);
    expect(passed(checks)).toEqual(
      expect.arrayContaining([
        "sep-2322-client-request-state-echoed",
        "sep-2322-client-jsonrpc-id-different",
        "sep-2322-client-no-state-omitted",
      ]),
    );
  });
});
