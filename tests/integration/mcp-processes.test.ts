import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerSource, StdioEntry } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { DEFAULT_RECONNECT_POLICY, NO_RECONNECT } from "../../src/mcp/state/reconnect-policy.ts";
import {
  alive,
  gone,
  MemoryApprovals,
  recordTransitions,
  stateOf,
  stdioServer,
  waitForSnapshot,
} from "../helpers/mcp-fixtures.ts";

// Real subprocesses: the plain-JS test server, started directly or through a shell wrapper.
const HELPERS = resolve(import.meta.dirname, "../helpers");
const SERVER = join(HELPERS, "mcp-test-server.mjs");
const WRAPPER = join(HELPERS, "mcp-wrapper.sh");

const tempDir = () => mkdtempSync(join(tmpdir(), "mcp-proc-"));
const readPid = (file: string) => Number(readFileSync(file, "utf8").trim());

/** The test server run as `sh wrapper.sh node server.mjs`; its pid files land in `dir`. */
function wrappedEntry(dir: string, env: Record<string, string> = {}): StdioEntry {
  return {
    command: "/bin/sh",
    args: [WRAPPER, SERVER],
    env: {
      MCP_TEST_NODE: process.execPath,
      MCP_TEST_PID_FILE: join(dir, "server.pid"),
      MCP_TEST_WRAPPER_PID_FILE: join(dir, "wrapper.pid"),
      ...env,
    },
  };
}

function directEntry(dir: string, env: Record<string, string> = {}, timeout?: number): StdioEntry {
  const entry: StdioEntry = {
    command: process.execPath,
    args: [SERVER],
    env: { MCP_TEST_PID_FILE: join(dir, "server.pid"), ...env },
  };
  return timeout === undefined ? entry : { ...entry, timeout };
}

// Closed after each test even when an assertion failed, so a red run leaves no server behind.
const managers: McpManager[] = [];
/** Daemons a test expects gone; killed here when the test failed. */
const daemons: number[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
  for (const pid of daemons.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
});

function newManager(
  dir: string,
  interactive = true,
  reconnect = DEFAULT_RECONNECT_POLICY,
  env: NodeJS.ProcessEnv = process.env,
): McpManager {
  const manager = new McpManager({
    projectDir: dir,
    approvals: new MemoryApprovals(),
    logDir: join(dir, "logs"),
    env,
    interactive,
    reconnect,
  });
  managers.push(manager);
  return manager;
}

const server = (name: string, entry: StdioEntry, source: ServerSource = "user") => stdioServer(name, entry, source);

describe("project server approval", () => {
  it("does not start a project server before approval, and starts it on 'once'", async () => {
    const dir = tempDir();
    const marker = join(dir, "started");
    const manager = newManager(dir);
    await manager.start([server("proj", wrappedEntry(dir, { MCP_TEST_MARKER: marker }), "project")]);
    expect(stateOf(manager, "proj")).toEqual({ status: "needs-approval" });
    expect(existsSync(marker)).toBe(false);
    await manager.decide("proj", "once");
    expect(stateOf(manager, "proj").status).toBe("connected");
    expect(existsSync(marker)).toBe(true);
    await manager.close();
  });

  it("never starts a declined project server", async () => {
    const dir = tempDir();
    const marker = join(dir, "started");
    const manager = newManager(dir);
    await manager.start([server("proj", wrappedEntry(dir, { MCP_TEST_MARKER: marker }), "project")]);
    await manager.decide("proj", "deny");
    await manager.restart("proj");
    expect(stateOf(manager, "proj")).toEqual({ status: "disabled", reason: "declined by user", cause: "declined" });
    expect(existsSync(marker)).toBe(false);
  });
});

describe("server processes", () => {
  it("leaves no process behind after close(), the wrapper's child included", async () => {
    const dir = tempDir();
    const manager = newManager(dir);
    await manager.start([server("wrapped", wrappedEntry(dir))]);
    expect(stateOf(manager, "wrapped").status).toBe("connected");
    const [wrapper, child] = [readPid(join(dir, "wrapper.pid")), readPid(join(dir, "server.pid"))];
    expect([alive(wrapper), alive(child), wrapper !== child]).toEqual([true, true, true]);
    await manager.close();
    expect([alive(wrapper), alive(child)]).toEqual([false, false]);
  });

  it.runIf(process.platform === "linux")(
    "ends a setsid daemon the server started, though it left the server's group",
    async () => {
      const dir = tempDir();
      const manager = newManager(dir);
      await manager.start([
        server("daemonic", wrappedEntry(dir, { MCP_TEST_DAEMON_PID_FILE: join(dir, "daemon.pid") })),
      ]);
      const daemon = readPid(join(dir, "daemon.pid"));
      daemons.push(daemon);
      expect(alive(daemon)).toBe(true);
      await manager.close();
      expect(await gone(daemon, 1000)).toBe(true);
    },
  );

  it.runIf(process.platform === "linux")(
    "ends the setsid daemon of a server that exited by itself, though its parent chain is gone",
    async () => {
      const dir = tempDir();
      const manager = newManager(dir, true, NO_RECONNECT);
      await manager.start([
        server("daemonic", {
          command: process.execPath,
          args: [SERVER],
          env: { MCP_TEST_DAEMON_PID_FILE: join(dir, "daemon.pid") },
        }),
      ]);
      const daemon = readPid(join(dir, "daemon.pid"));
      daemons.push(daemon);
      await manager.call("daemonic", "die", {});
      await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed");
      expect(await gone(daemon, 1000)).toBe(true);
      await manager.close();
    },
  );

  it.runIf(process.platform === "linux")("ends a setsid daemon in the synchronous exit kill too", async () => {
    const dir = tempDir();
    const manager = newManager(dir);
    await manager.start([server("daemonic", wrappedEntry(dir, { MCP_TEST_DAEMON_PID_FILE: join(dir, "daemon.pid") }))]);
    const daemon = readPid(join(dir, "daemon.pid"));
    daemons.push(daemon);
    manager.killAllServerProcessGroups();
    expect(await gone(daemon, 1000)).toBe(true);
    await manager.close();
  });

  it("kills every server group synchronously for the exit handlers", async () => {
    const dir = tempDir();
    const manager = newManager(dir);
    await manager.start([server("wrapped", wrappedEntry(dir))]);
    const child = readPid(join(dir, "server.pid"));
    manager.killAllServerProcessGroups();
    expect(await gone(child, 1000)).toBe(true);
    await manager.close();
  });

  for (const how of ["signal", "exit"] as const) {
    it(`leaves no server behind when mini-cc ends by ${how === "signal" ? "SIGTERM" : "exiting without close()"}`, async () => {
      const dir = tempDir();
      const host = spawn(process.execPath, [join(HELPERS, "mcp-host.ts"), JSON.stringify(wrappedEntry(dir)), how], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const exited = new Promise((resolve) => host.once("exit", resolve));
      const firstLine = await new Promise<string>((resolve) =>
        host.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
      );
      expect(firstLine).toBe("ready");
      const [wrapper, child] = [readPid(join(dir, "wrapper.pid")), readPid(join(dir, "server.pid"))];
      if (how === "signal") host.kill("SIGTERM");
      await exited;
      expect([await gone(wrapper, 1000), await gone(child, 1000)]).toEqual([true, true]);
    });
  }

  it("times a silent server out at its own timeout while another connects, and kills it", async () => {
    const dir = tempDir();
    // No startup grace: its timeout is the end (mcp-cold-start.test.ts has the grace).
    const manager = newManager(dir, true, DEFAULT_RECONNECT_POLICY, { ...process.env, MCP_STARTUP_GRACE_MS: "1" });
    const silent = server(
      "silent",
      directEntry(dir, { MCP_TEST_MODE: "hang", MCP_TEST_PID_FILE: join(dir, "silent.pid") }, 1000),
    );
    await manager.start([silent, server("ok", directEntry(dir))]);
    expect(manager.getSnapshot().servers.map((s) => s.state.status)).toEqual(["failed", "connected"]);
    expect(stateOf(manager, "silent")).toEqual({
      status: "failed",
      error: 'connection timed out after 1s (MCP_TIMEOUT, in ms, or the entry\'s "timeout" allows more)',
      code: "connect-timeout",
    });
    expect(alive(readPid(join(dir, "silent.pid")))).toBe(false);
    await manager.close();
  });

  it("reports a server that dies during startup with its exit code and last error line", async () => {
    const dir = tempDir();
    const manager = newManager(dir);
    await manager.start([server("crashy", directEntry(dir, { MCP_TEST_MODE: "exit" }))]);
    expect(stateOf(manager, "crashy")).toEqual({
      status: "failed",
      error: "server exited (code 3): Error: boom at startup",
      code: "server-exited",
    });
  });

  it("marks a server failed when it exits after connecting and reconnection is off", async () => {
    const dir = tempDir();
    const manager = newManager(dir, true, NO_RECONNECT);
    await manager.start([server("dying", directEntry(dir))]);
    const result = await manager.call("dying", "die", {});
    // The call's own failure says how the server ended, not the SDK's bare "Connection closed".
    expect(result).toEqual({
      content: "MCP tool die failed: server exited (code 7): Error: asked to die",
      isError: true,
    });
    await expect
      .poll(() => stateOf(manager, "dying"))
      .toEqual({
        status: "failed",
        error: "server exited (code 7): Error: asked to die",
        code: "server-exited",
      });
  });

  it("names the 10 MB line limit when a result outgrows it", async () => {
    const dir = tempDir();
    const manager = newManager(dir, true, NO_RECONNECT);
    await manager.start([server("big", directEntry(dir, { MCP_TEST_HUGE_TOOL: "1" }))]);
    const result = await manager.call("big", "huge", {});
    expect(result).toEqual({ content: "MCP tool huge failed: result larger than the 10 MB line limit", isError: true });
    await expect
      .poll(() => stateOf(manager, "big"))
      .toEqual({
        status: "failed",
        error: "result larger than the 10 MB line limit",
        code: "line-too-long",
      });
    expect(alive(readPid(join(dir, "server.pid")))).toBe(false);
  });

  it("reads a 9 MB result, which arrives in a hundred pieces, whole", async () => {
    const dir = tempDir();
    const manager = newManager(dir, true, NO_RECONNECT);
    await manager.start([server("big", directEntry(dir, { MCP_TEST_HUGE_TOOL: "1", MCP_TEST_HUGE_MB: "9" }))]);
    const result = await manager.call("big", "huge", {});
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toMatch(/"x{1000}/);
    expect(stateOf(manager, "big").status).toBe("connected");
    await manager.close();
  });

  it("cancels a timed-out call on the server", async () => {
    const dir = tempDir();
    const cancelFile = join(dir, "cancelled");
    const manager = newManager(dir);
    await manager.start([server("slowpoke", directEntry(dir, { MCP_TEST_CANCEL_FILE: cancelFile }))]);
    expect(await manager.call("slowpoke", "slow", {}, { timeoutMs: 300 })).toEqual({
      content: "MCP tool slow timed out after 0.3s.",
      isError: true,
    });
    await expect
      .poll(() => existsSync(cancelFile) && readFileSync(cancelFile, "utf8"))
      .toBe("cancelled Error: timed out");
    await manager.close();
  });

  it("restart() replaces the process and emits the transitions", async () => {
    const dir = tempDir();
    const manager = newManager(dir);
    await manager.start([server("again", directEntry(dir))]);
    const first = readPid(join(dir, "server.pid"));
    const seen = recordTransitions(manager);
    await manager.restart("again");
    const second = readPid(join(dir, "server.pid"));
    expect(seen).toEqual({ again: ["pending", "connected"] });
    expect([second !== first, alive(first), alive(second)]).toEqual([true, false, true]);
    expect(await manager.call("again", "echo", { text: "back" })).toEqual({
      content: [{ type: "text", text: "back" }],
      isError: false,
    });
    await manager.close();
  });
});
