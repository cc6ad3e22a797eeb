import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerConfig } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { startupGraceMs } from "../../src/mcp/timeouts.ts";
import { MemoryApprovals, recordTransitions, stateOf, stdioServer, waitForSnapshot } from "../helpers/mcp-fixtures.ts";

// A cold `npx -y pkg` takes longer than the connect timeout on its first run: a real
// subprocess (tests/helpers/sleepy-server.mjs) that sleeps before it answers stands in for it.
const SLEEPY = resolve(import.meta.dirname, "../helpers/sleepy-server.mjs");

const managers: McpManager[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function slowServer(dir: string, delayMs: number): ServerConfig {
  return stdioServer(
    "cold",
    {
      command: process.execPath,
      args: [SLEEPY],
      env: { SLEEPY_DELAY_MS: String(delayMs), SLEEPY_TOOLS: "install_tool", SLEEPY_PID_DIR: dir },
    },
    "user",
  );
}

function newManager(env: Record<string, string>): { manager: McpManager; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "mcp-cold-"));
  dirs.push(dir);
  const manager = new McpManager({
    projectDir: dir,
    approvals: new MemoryApprovals(),
    logDir: join(dir, "logs"),
    env: { ...process.env, ...env },
    interactive: false,
  });
  managers.push(manager);
  return { manager, dir };
}

describe("a server slower than its connect timeout", () => {
  it("is not killed at the timeout: the start goes on without it, shown still starting, and its tools come when it connects", async () => {
    const { manager, dir } = newManager({ MCP_TIMEOUT: "400" });
    const seen = recordTransitions(manager);
    const started = Date.now();
    await manager.start([slowServer(dir, 2500)]);
    // The start did not wait for the whole cold start.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stateOf(manager, "cold")).toMatchObject({
      status: "pending",
      stillStarting: true,
      silence: { installing: false },
    });
    expect(manager.tools()).toEqual([]);
    await waitForSnapshot(manager, (snap) => snap.servers[0]?.state.status === "connected", 10_000);
    expect(manager.tools().map((tool) => tool.name)).toEqual(["mcp__cold__install_tool"]);
    expect(seen.cold).toEqual(["pending", "connected"]);
    // One process all along: nothing was killed and started again.
    expect(readdirSync(dir).filter((name) => /^\d+$/.test(name))).toHaveLength(1);
  }, 20_000);

  it("fails once MCP_STARTUP_GRACE_MS has passed", async () => {
    const { manager, dir } = newManager({ MCP_TIMEOUT: "300", MCP_STARTUP_GRACE_MS: "900" });
    await manager.start([slowServer(dir, 5000)]);
    expect(stateOf(manager, "cold")).toMatchObject({
      status: "pending",
      stillStarting: true,
      silence: { installing: false },
    });
    await waitForSnapshot(manager, (snap) => snap.servers[0]?.state.status === "failed", 5000);
    expect(stateOf(manager, "cold")).toMatchObject({ status: "failed" });
  }, 15_000);

  it("defaults to Claude Code's 30 s connect timeout and five minutes of grace", () => {
    expect(startupGraceMs({}, { command: "npx" })).toBe(300_000);
    expect(startupGraceMs({ MCP_TIMEOUT: "600000" }, { command: "npx" })).toBe(600_000);
  });
});
