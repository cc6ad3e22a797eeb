// Streamable HTTP on 2026-07-28: a response stream that breaks before the response sends the
// request again with a new id (at most twice), against a real loopback server on the v2 server
// package that drops the stream (tests/helpers/cut-stream-server.ts).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_REISSUES } from "../../src/mcp/connection/reissuing-transport.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { type CutStreamServer, startCutStreamServer } from "../helpers/cut-stream-server.ts";
import { MemoryApprovals, remoteServer, stateOf } from "../helpers/mcp-fixtures.ts";

const running: { manager: McpManager; server: CutStreamServer }[] = [];
afterEach(async () => {
  for (const { manager, server } of running.splice(0)) {
    await manager.close();
    await server.close();
  }
});

async function connectTo(cuts: number) {
  const server = await startCutStreamServer(cuts);
  const manager = new McpManager({
    projectDir: process.cwd(),
    approvals: new MemoryApprovals(),
    logDir: mkdtempSync(join(tmpdir(), "reissue-logs-")),
    env: process.env,
    interactive: false,
  });
  running.push({ manager, server });
  await manager.start([remoteServer("cutter", { type: "http", url: server.url })]);
  expect(stateOf(manager, "cutter")).toMatchObject({ status: "connected", protocolVersion: "2026-07-28" });
  return { server, manager };
}

const calls = (server: CutStreamServer) => server.posts.filter((post) => post.method === "tools/call");

describe("a broken response stream on 2026-07-28", () => {
  it("sends the call again with a new id, and the answer reaches the caller", async () => {
    const { server, manager } = await connectTo(1);
    const result = await manager.call("cutter", "echo", { text: "hello" });
    expect(result).toMatchObject({ content: [{ type: "text", text: "hello" }] });
    const [first, second] = calls(server);
    expect(calls(server)).toHaveLength(2);
    expect(first?.cut).toBe(true);
    expect(second?.cut).toBe(false);
    expect(second?.id).not.toEqual(first?.id);
    // The session goes on: the next call is sent once.
    await manager.call("cutter", "echo", { text: "again" });
    expect(calls(server)).toHaveLength(3);
  }, 20_000);

  it("gives up after sending it again twice, with an error that says why", async () => {
    const { server, manager } = await connectTo(Number.POSITIVE_INFINITY);
    const result = await manager.call("cutter", "echo", { text: "hello" });
    expect(result).toMatchObject({ isError: true });
    expect(JSON.stringify(result)).toContain("response stream broke before the response 3 times");
    expect(calls(server)).toHaveLength(1 + MAX_REISSUES);
    expect(new Set(calls(server).map((post) => post.id)).size).toBe(1 + MAX_REISSUES);
  }, 20_000);
});
