import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { StdioEntry } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { DEFAULT_RECONNECT_POLICY } from "../../src/mcp/state/reconnect-policy.ts";
import { alive, MemoryApprovals, recordStates, stdioServer, waitForSnapshot } from "../helpers/mcp-fixtures.ts";

// The real test server as a child process, reconnected after 50 ms instead of 1 s.
const SERVER = resolve(import.meta.dirname, "../helpers/mcp-test-server.mjs");
const FAST = { ...DEFAULT_RECONNECT_POLICY, initialDelayMs: 50, maxDelayMs: 50 };

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
});

/** The server "dying" in a fresh directory; `env` adds variables, given that directory. */
function setup(env: (dir: string) => Record<string, string> = () => ({})) {
  const dir = mkdtempSync(join(tmpdir(), "mcp-reconnect-"));
  const entry: StdioEntry = {
    command: process.execPath,
    args: [SERVER],
    env: { MCP_TEST_PID_FILE: join(dir, "server.pid"), ...env(dir) },
  };
  const manager = new McpManager({
    projectDir: dir,
    approvals: new MemoryApprovals(),
    logDir: join(dir, "logs"),
    env: process.env,
    interactive: true,
    reconnect: FAST,
  });
  managers.push(manager);
  const pid = () => Number(readFileSync(join(dir, "server.pid"), "utf8").trim());
  const logHeaders = () =>
    readFileSync(join(dir, "logs", "mcp-dying.log"), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("--- "))
      .map((line) =>
        line
          .replace(/^--- \S+ /, "")
          .replace(process.execPath, "NODE")
          .replace(SERVER, "SERVER"),
      );
  return { manager, server: stdioServer("dying", entry), pid, logHeaders };
}

describe("reconnecting a real server", () => {
  it("brings a server that exited back as a new process whose tools work", async () => {
    const { manager, server, pid, logHeaders } = setup();
    await manager.start([server]);
    const first = pid();
    const seen = recordStates(manager, "dying");
    expect(await manager.call("dying", "die", {})).toEqual({
      content: "MCP tool die failed: server exited (code 7): Error: asked to die",
      isError: true,
    });
    await waitForSnapshot(manager, () => seen.at(-1) === "connected");
    const second = pid();
    expect(seen).toEqual(["reconnecting 1", "connected"]);
    expect([second !== first, alive(first), alive(second)]).toEqual([true, false, true]);
    expect(await manager.call("dying", "echo", { text: "back" })).toEqual({
      content: [{ type: "text", text: "back" }],
      isError: false,
    });
    expect(logHeaders()).toEqual([
      "mini-cc started dying: NODE SERVER",
      "mini-cc started dying: NODE SERVER (reconnect attempt 1 of 3)",
    ]);
  });

  it("gives up on a server that dies on every start after the first, with its last words", async () => {
    const { manager, server } = setup((dir) => ({ MCP_TEST_ONCE_FILE: join(dir, "started") }));
    await manager.start([server]);
    const seen = recordStates(manager, "dying");
    await manager.call("dying", "die", {});
    await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed");
    expect(seen).toEqual([
      "reconnecting 1",
      "reconnecting 2",
      "reconnecting 3",
      "failed: server exited (code 3): Error: boom at startup — gave up after 3 reconnect attempts",
    ]);
  });
});
