import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILTIN_TOOLS,
  cliForTestFile,
  initOf,
  resultOf,
  scriptedStreamRun,
  textResult,
  toolResultsById,
  toolUse,
  type CliRun,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";
import { startRemoteServer, type RemoteMcpServer } from "../helpers/third-party-remote-server.ts";

// A remote server on a loopback port, declared in a --mcp-config file the way a
// hosted server is: `"type": "http"` (and the older `"type": "sse"`) with an
// Authorization header that names its secret as ${TEST_TOKEN}. The CLI gets
// the token through its environment only.
const TOKEN = "tok-3f9a";

const cli = cliForTestFile();
let box: CliSandbox;
let server: RemoteMcpServer;
let run: CliRun;

beforeAll(async () => {
  box = await cli.sandbox();
  server = await startRemoteServer();
  const headers = { Authorization: "Bearer ${TEST_TOKEN}" };
  const config = await box.write("remote.json", {
    mcpServers: {
      notes: { type: "http", url: `${server.url}/mcp`, headers },
      events: { type: "sse", url: `${server.url}/sse`, headers },
    },
  });
  const responses = [
    [
      toolUse("http-who", "mcp__notes__whoami", {}),
      toolUse("http-add", "mcp__notes__add_note", { text: "ship it" }),
      toolUse("sse-who", "mcp__events__whoami", {}),
    ],
    [{ type: "text", text: "Done." }],
  ];
  run = await scriptedStreamRun(box, responses, ["--mcp-config", config, "--allowedTools", "mcp__notes__add_note"], {
    env: { TEST_TOKEN: TOKEN },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("a remote server through a --mcp-config entry", () => {
  it("connects both the http and the sse entry and lists their tools", () => {
    expect(initOf(run.lines)?.mcp_servers).toEqual([
      { name: "notes", status: "connected" },
      { name: "events", status: "connected" },
    ]);
    expect(initOf(run.lines)?.tools).toEqual([
      ...BUILTIN_TOOLS,
      "mcp__notes__whoami",
      "mcp__notes__add_note",
      "mcp__events__whoami",
      "mcp__events__add_note",
    ]);
    expect(run.stderr).toBe("");
  });

  it("sends the Authorization header with ${TEST_TOKEN} expanded on every streamable HTTP request", () => {
    const mcp = server.requests.filter((r) => r.path === "/mcp");
    expect(mcp.map((r) => r.method)).toContain("POST");
    expect(mcp.map((r) => r.headers.authorization)).toEqual(mcp.map(() => `Bearer ${TOKEN}`));
  });

  it("calls tools end to end over streamable HTTP: the header reaches the tool, the write reaches the server", () => {
    const results = toolResultsById(run.lines);
    expect(results["http-who"]).toEqual(textResult(`authorization: Bearer ${TOKEN}`));
    expect(results["http-add"]).toEqual(textResult("note 1: ship it"));
    expect(server.notes).toEqual(["ship it"]);
  });

  it("connects over SSE with the same expanded header on the stream and on each message", () => {
    const sse = server.requests.filter((r) => r.path === "/sse" || r.path === "/messages");
    expect(sse.map((r) => r.method)).toEqual(["GET", ...sse.slice(1).map(() => "POST")]);
    expect(sse.map((r) => r.headers.authorization)).toEqual(sse.map(() => `Bearer ${TOKEN}`));
    expect(toolResultsById(run.lines)["sse-who"]).toEqual(textResult(`authorization: Bearer ${TOKEN}`));
  });

  it("ends the turn successfully with nothing denied", () => {
    expect([
      resultOf(run.lines)?.subtype,
      resultOf(run.lines)?.result,
      resultOf(run.lines)?.permission_denials,
      run.code,
    ]).toEqual(["success", "Done.", [], 0]);
  });
});
