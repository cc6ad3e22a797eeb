import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import { McpManager } from "../../../src/mcp/manager.ts";
import {
  DEFAULT_RECONNECT_POLICY,
  NO_RECONNECT,
  type ReconnectPolicy,
} from "../../../src/mcp/state/reconnect-policy.ts";
import {
  describeState,
  eventually,
  MemoryApprovals,
  recordStates,
  remoteLinks,
  remoteServer,
  stateOf,
  stdioServer,
  waitForSnapshot,
} from "../../helpers/mcp-fixtures.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

// In-memory servers behind links that fail like HTTP (no close is ever reported), and a fake clock.

/** Each server built answers `session` with its own number, so a test can tell a new session from the old one; `hang` never answers. */
function sessionServers() {
  let sessions = 0;
  return () => {
    const n = ++sessions;
    const server = new McpServer({ name: "mem", version: "1.0.0" });
    server.registerTool("session", {}, () => ({ content: [{ type: "text", text: `session ${n}` }] }));
    server.registerTool("hang", {}, () => new Promise<never>(() => {}));
    return server;
  };
}

function setup(env: Record<string, string> = {}, policy: ReconnectPolicy = DEFAULT_RECONNECT_POLICY) {
  const clock = new FakeClock();
  const links = remoteLinks({ web: sessionServers(), local: sessionServers() });
  const manager = new McpManager({
    projectDir: "/project",
    approvals: new MemoryApprovals(),
    logDir: join(mkdtempSync(join(tmpdir(), "mcp-keepalive-")), "logs"),
    env,
    interactive: true,
    transportFactory: links.factory,
    clock,
    reconnect: policy,
  });
  return { manager, clock, ...links };
}

const until = (manager: McpManager, name: string, expected: string) =>
  waitForSnapshot(manager, (s) => {
    const state = s.servers.find((v) => v.name === name)?.state;
    return state !== undefined && describeState(state) === expected;
  });

const session = (manager: McpManager) => manager.call("web", "session", {});
const text = (value: string) => ({ content: [{ type: "text", text: value }], isError: false });

describe("keepalive for remote servers", () => {
  it("pings a connected http server every 30 s and a stdio server never", async () => {
    const { manager, clock, pings } = setup();
    await manager.start([remoteServer("web"), stdioServer("local", { command: "run-local" })]);
    expect(clock.pending()).toEqual([30_000]);
    clock.advance(30_000);
    expect(clock.pending()).toEqual([10_000]);
    await eventually(() => clock.pending()[0] === 30_000);
    clock.advance(30_000);
    await eventually(() => clock.pending()[0] === 30_000);
    expect(pings).toEqual({ web: 2 });
    expect(stateOf(manager, "web").status).toBe("connected");
    await manager.close();
  });

  it("takes the interval from MCP_KEEPALIVE_MS", async () => {
    const { manager, clock } = setup({ MCP_KEEPALIVE_MS: "5000" });
    await manager.start([remoteServer("web")]);
    expect(clock.pending()).toEqual([5000]);
    await manager.close();
  });

  it("sends no ping with MCP_KEEPALIVE_MS=0, so an unreachable server stays connected", async () => {
    const { manager, clock, pings, control } = setup({ MCP_KEEPALIVE_MS: "0" });
    await manager.start([remoteServer("web")]);
    expect(clock.pending()).toEqual([]);
    control.mode = "refuse";
    clock.advance(3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([pings, stateOf(manager, "web").status]).toEqual([{}, "connected"]);
    await manager.close();
  });

  it("treats a failed ping as a loss: reconnecting 1 without pings, then connected with a new session and pings again", async () => {
    const { manager, clock, control, built } = setup();
    await manager.start([remoteServer("web")]);
    const seen = recordStates(manager, "web");
    control.mode = "refuse";
    clock.advance(30_000);
    await until(manager, "web", "reconnecting 1");
    expect(clock.pending()).toEqual([1000]);
    control.mode = "up";
    clock.advance(1000);
    await until(manager, "web", "connected");
    expect(seen).toEqual(["reconnecting 1", "connected"]);
    expect(built).toEqual({ web: 2 });
    expect(await session(manager)).toEqual(text("session 2"));
    expect(clock.pending()).toEqual([30_000]);
    await manager.close();
  });

  it("names the failed ping's network error when reconnection is off", async () => {
    const { manager, clock, control } = setup({}, NO_RECONNECT);
    await manager.start([remoteServer("web")]);
    control.mode = "refuse";
    clock.advance(30_000);
    await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed");
    expect(stateOf(manager, "web")).toEqual({
      status: "failed",
      error: "ping failed: fetch failed: connect ECONNREFUSED 127.0.0.1:9",
      code: "ping-failed",
    });
  });

  it("says the server restarted when it forgot the session (HTTP 404) and reconnection is off", async () => {
    const { manager, clock, control } = setup({}, NO_RECONNECT);
    await manager.start([remoteServer("web")]);
    control.mode = "forgotten";
    clock.advance(30_000);
    await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed");
    expect(stateOf(manager, "web")).toEqual({
      status: "failed",
      error: "the server restarted and no longer knows this session (HTTP 404)",
      code: "session-expired",
    });
  });

  it("treats a ping unanswered for 10 s as a loss", async () => {
    const { manager, clock, control } = setup({}, NO_RECONNECT);
    await manager.start([remoteServer("web")]);
    control.mode = "silent";
    clock.advance(30_000);
    clock.advance(9_999);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stateOf(manager, "web").status).toBe("connected");
    clock.advance(1);
    await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed");
    expect(stateOf(manager, "web")).toEqual({
      status: "failed",
      error: "ping timed out after 10s",
      code: "ping-timeout",
    });
    expect(clock.pending()).toEqual([]);
  });

  it("gives up after 5 reconnect attempts on a remote server that stays unreachable", async () => {
    const { manager, clock, control } = setup();
    await manager.start([remoteServer("web")]);
    const seen = recordStates(manager, "web");
    control.mode = "refuse";
    clock.advance(30_000);
    for (const attempt of [1, 2, 3, 4, 5]) {
      await until(manager, "web", `reconnecting ${attempt}`);
      clock.advance(clock.pending()[0] ?? 0);
    }
    await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed");
    expect(seen.at(-1)).toBe(
      "failed: fetch failed: connect ECONNREFUSED 127.0.0.1:9 — gave up after 5 reconnect attempts",
    );
    expect(clock.pending()).toEqual([]);
  });

  it("close() stops the pings, a ping in flight included, and leaves no timer", async () => {
    const { manager, clock, control, pings } = setup();
    await manager.start([remoteServer("web")]);
    control.mode = "silent";
    clock.advance(30_000);
    expect(clock.pending()).toEqual([10_000]);
    await manager.close();
    expect(clock.pending()).toEqual([]);
    clock.advance(120_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pings).toEqual({ web: 1 });
  });
});

describe("a remote call that fails at the connection level", () => {
  it("returns its error and starts the reconnect series, so the next call reaches a new session", async () => {
    const { manager, clock, control } = setup({ MCP_KEEPALIVE_MS: "0" });
    await manager.start([remoteServer("web")]);
    control.mode = "refuse";
    expect(await session(manager)).toEqual({
      content: "MCP tool session failed: fetch failed: connect ECONNREFUSED 127.0.0.1:9",
      isError: true,
    });
    expect(stateOf(manager, "web")).toEqual({ status: "reconnecting", attempt: 1 });
    control.mode = "up";
    clock.advance(1000);
    await until(manager, "web", "connected");
    expect(await session(manager)).toEqual(text("session 2"));
    await manager.close();
  });

  it("leaves the server connected when a call merely times out", async () => {
    const { manager, clock } = setup();
    await manager.start([remoteServer("web")]);
    const call = manager.call("web", "hang", {}, { timeoutMs: 5000 });
    // The call's one deadline is on the fake clock (the deadlines' background timer): move it once the call is under way.
    await eventually(() => clock.pending({ background: true }).includes(5000));
    clock.advance(5000);
    expect(await call).toEqual({ content: "MCP tool hang timed out after 5s.", isError: true });
    expect([stateOf(manager, "web").status, clock.pending()]).toEqual(["connected", [25_000]]);
    await manager.close();
  });
});
