import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { McpManager, type McpManagerOptions } from "../../../src/mcp/manager.ts";
import { DEFAULT_RECONNECT_POLICY, type ReconnectPolicy } from "../../../src/mcp/state/reconnect-policy.ts";
import type { TransportFactory } from "../../../src/mcp/connection/transports.ts";
import {
  describeState,
  MemoryApprovals,
  memoryTransports,
  recordStates,
  stateOf,
  stdioServer,
  waitForSnapshot,
} from "../../helpers/mcp-fixtures.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

// In-memory servers and a fake clock: a loss is the server side of the pair closing; time moves only by advance().

function echoServer(): McpServer {
  const server = new McpServer({ name: "mem", version: "1.0.0" });
  server.registerTool("echo", { inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  return server;
}

/** In-memory transports for server "a" that can be told to refuse new connections. */
function flakyTransports() {
  const memory = memoryTransports({ a: echoServer, proj: echoServer });
  const control = { refuse: false };
  const factory: TransportFactory = (config, context) => {
    if (control.refuse) throw new Error("connection refused");
    return memory.factory(config, context);
  };
  return { ...memory, factory, control };
}

function setup(overrides: Partial<McpManagerOptions> & { policy?: ReconnectPolicy } = {}) {
  const clock = new FakeClock();
  const transports = flakyTransports();
  const logDir = join(mkdtempSync(join(tmpdir(), "mcp-reconnect-")), "logs");
  const manager = new McpManager({
    projectDir: "/project",
    approvals: new MemoryApprovals(),
    logDir,
    env: {},
    interactive: true,
    transportFactory: transports.factory,
    clock,
    reconnect: overrides.policy ?? DEFAULT_RECONNECT_POLICY,
    ...overrides,
  });
  return { manager, clock, logDir, ...transports };
}

const entry = (name: string) => stdioServer(name, { command: `run-${name}` });

/** Resolves once server `name` shows `expected` (as describeState writes it). */
const until = (manager: McpManager, name: string, expected: string) =>
  waitForSnapshot(manager, (s) => {
    const state = s.servers.find((v) => v.name === name)?.state;
    return state !== undefined && describeState(state) === expected;
  });

describe("McpManager reconnection", () => {
  it("moves a lost server to reconnecting 1 and, after 1 s, back to connected with its tools", async () => {
    const { manager, clock, peers, built } = setup();
    await manager.start([entry("a")]);
    const seen = recordStates(manager, "a");
    await peers.a?.close();
    await until(manager, "a", "reconnecting 1");
    expect(manager.tools()).toEqual([]);
    expect(clock.pending()).toEqual([1000]);
    clock.advance(999);
    expect(built).toEqual({ a: 1 });
    clock.advance(1);
    await until(manager, "a", "connected");
    expect(seen).toEqual(["reconnecting 1", "connected"]);
    expect(built).toEqual({ a: 2 });
    expect(manager.tools().map((t) => t.name)).toEqual(["mcp__a__echo"]);
    expect(await manager.call("a", "echo", { text: "back" })).toEqual({
      content: [{ type: "text", text: "back" }],
      isError: false,
    });
    await manager.close();
  });

  it("backs off 1 s, 2 s, 4 s and gives up after 3 attempts on a stdio server", async () => {
    const { manager, clock, peers, control } = setup();
    await manager.start([entry("a")]);
    const seen = recordStates(manager, "a");
    control.refuse = true;
    await peers.a?.close();
    const delays: number[][] = [];
    for (const attempt of [1, 2, 3]) {
      await until(manager, "a", `reconnecting ${attempt}`);
      delays.push(clock.pending());
      clock.advance(clock.pending()[0] ?? 0);
    }
    await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed");
    expect(delays).toEqual([[1000], [2000], [4000]]);
    expect(seen).toEqual([
      "reconnecting 1",
      "reconnecting 2",
      "reconnecting 3",
      "failed: connection refused — gave up after 3 reconnect attempts",
    ]);
    expect(clock.pending()).toEqual([]);
  });

  it("counts a server that dies again soon after reconnecting toward the same series", async () => {
    const { manager, clock, peers } = setup({ policy: { ...DEFAULT_RECONNECT_POLICY, stdioAttempts: 2 } });
    await manager.start([entry("a")]);
    const seen = recordStates(manager, "a");
    for (const attempt of [1, 2]) {
      await peers.a?.close();
      await until(manager, "a", `reconnecting ${attempt}`);
      clock.advance(clock.pending()[0] ?? 0);
      await until(manager, "a", "connected");
      clock.advance(59_000);
    }
    await peers.a?.close();
    await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed");
    expect(seen).toEqual([
      "reconnecting 1",
      "connected",
      "reconnecting 2",
      "connected",
      "failed: connection closed — gave up after 2 reconnect attempts",
    ]);
  });

  it("starts a fresh series for a server that stayed connected for a minute", async () => {
    const { manager, clock, peers } = setup();
    await manager.start([entry("a")]);
    await peers.a?.close();
    await until(manager, "a", "reconnecting 1");
    clock.advance(1000);
    await until(manager, "a", "connected");
    clock.advance(60_000);
    const seen = recordStates(manager, "a");
    await peers.a?.close();
    await until(manager, "a", "reconnecting 1");
    expect(seen).toEqual(["reconnecting 1"]);
    expect(clock.pending()).toEqual([1000]);
    await manager.close();
  });

  it("answers a call during reconnecting at once with the attempt", async () => {
    const { manager, peers } = setup();
    await manager.start([entry("a")]);
    await peers.a?.close();
    await until(manager, "a", "reconnecting 1");
    expect(await manager.call("a", "echo", { text: "hi" })).toEqual({
      content: "MCP tool echo failed: server a is reconnecting (attempt 1)",
      isError: true,
    });
    await manager.close();
  });

  it("cancels a pending reconnect on close(), leaving no timer and starting nothing", async () => {
    const { manager, clock, peers, built } = setup();
    await manager.start([entry("a")]);
    await peers.a?.close();
    await until(manager, "a", "reconnecting 1");
    await manager.close();
    expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(built).toEqual({ a: 1 });
  });

  it("restart() during reconnecting cancels the series and connects now", async () => {
    const { manager, clock, peers, built } = setup();
    await manager.start([entry("a")]);
    await peers.a?.close();
    await until(manager, "a", "reconnecting 1");
    const seen = recordStates(manager, "a");
    await manager.restart("a");
    expect(seen).toEqual(["pending", "connected"]);
    expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    expect(built).toEqual({ a: 2 });
    await manager.close();
  });

  it("reconnects an approved project server without asking again", async () => {
    const { manager, clock, peers } = setup();
    await manager.start([stdioServer("proj", { command: "run-proj" }, "project")]);
    await manager.decide("proj", "once");
    const seen = recordStates(manager, "proj");
    await peers.proj?.close();
    await until(manager, "proj", "reconnecting 1");
    clock.advance(1000);
    await until(manager, "proj", "connected");
    expect(seen).toEqual(["reconnecting 1", "connected"]);
    await manager.close();
  });

  it("writes a header line to the server's log for each reconnect attempt", async () => {
    const { manager, clock, peers, control, logDir } = setup({
      policy: { ...DEFAULT_RECONNECT_POLICY, stdioAttempts: 2 },
    });
    await manager.start([entry("a")]);
    control.refuse = true;
    await peers.a?.close();
    await until(manager, "a", "reconnecting 1");
    clock.advance(1000);
    await until(manager, "a", "reconnecting 2");
    clock.advance(2000);
    await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed");
    expect(readFileSync(join(logDir, "mcp-a.log"), "utf8")).toBe(
      "--- 1970-01-01T00:00:00.000Z mini-cc started a: run-a\n" +
        "--- 1970-01-01T00:00:01.000Z mini-cc started a: run-a (reconnect attempt 1 of 2)\n" +
        "--- 1970-01-01T00:00:03.000Z mini-cc started a: run-a (reconnect attempt 2 of 2)\n",
    );
    expect(stateOf(manager, "a")).toEqual({
      status: "failed",
      error: "connection refused — gave up after 2 reconnect attempts",
      code: "connect-failed",
    });
  });
});
