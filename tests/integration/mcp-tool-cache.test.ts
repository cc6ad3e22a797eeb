import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.ts";
import type { ServerConfig, ServerSource, StdioEntry } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import type { McpToolInfo } from "../../src/mcp/state/server-state.ts";
import { ToolCacheFiles } from "../../src/mcp/tools/cache.ts";
import {
  alive,
  MemoryApprovals,
  recordTransitions,
  stateOf,
  stdioServer,
  waitForSnapshot,
} from "../helpers/mcp-fixtures.ts";

// Real subprocesses: tests/helpers/sleepy-server.mjs waits before it answers initialize,
// so anything offered before that came from the cache.
const SLEEPY = resolve(import.meta.dirname, "../helpers/sleepy-server.mjs");
const WRAPPER = resolve(import.meta.dirname, "../helpers/mcp-wrapper.sh");

const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
});

interface Setup {
  dir: string;
  pids: string;
  cache: ToolCacheFiles;
  approvals: MemoryApprovals;
}

function setup(): Setup {
  const dir = mkdtempSync(join(tmpdir(), "mcp-cache-"));
  const pids = join(dir, "pids");
  mkdirSync(pids);
  return {
    dir,
    pids,
    cache: new ToolCacheFiles({
      dir: join(dir, "home", "tool-cache"),
      projectDir: dir,
      clock: systemClock,
      warn: () => {},
    }),
    approvals: new MemoryApprovals(),
  };
}

function sleepy(
  s: Setup,
  options: { delayMs?: number; tools?: string; extra?: Partial<StdioEntry>; source?: ServerSource } = {},
): ServerConfig {
  const entry: StdioEntry = {
    command: process.execPath,
    args: [SLEEPY],
    env: {
      SLEEPY_DELAY_MS: String(options.delayMs ?? 2000),
      SLEEPY_TOOLS: options.tools ?? "tool_1,tool_2",
      SLEEPY_PID_DIR: s.pids,
      SLEEPY_INSTRUCTIONS: "Be slow.",
    },
    ...options.extra,
  };
  return stdioServer("slow", entry, options.source ?? "user");
}

function newManager(s: Setup, env: Record<string, string> = {}, interactive = false): McpManager {
  const manager = new McpManager({
    projectDir: s.dir,
    approvals: s.approvals,
    logDir: join(s.dir, "logs"),
    env: { ...process.env, ...env },
    interactive,
    toolCache: s.cache,
  });
  managers.push(manager);
  return manager;
}

const info = (name: string): McpToolInfo => ({
  name,
  description: `The ${name} tool of a slow-starting server.`,
  inputSchema: { type: "object", properties: {} },
  annotations: { readOnlyHint: true },
});
/** Writes the cache as a previous session would have left it. */
const prime = (s: Setup, config: ServerConfig, names: string[]) =>
  s.cache.write(config, {
    tools: names.map(info),
    skippedTools: [],
    instructions: "Be slow.",
    serverInfo: { name: "sleepy", version: "1.0.0" },
  });
const spawned = (s: Setup) => readdirSync(s.pids).map(Number);
const toolNames = (manager: McpManager) => manager.tools().map((tool) => tool.name);
const textOf = (result: { content: unknown }) =>
  typeof result.content === "string" ? result.content : (result.content as Array<{ text: string }>)[0]?.text;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(test: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("condition never held");
    await sleep(20);
  }
}

describe("the tool cache with real servers", () => {
  it("a cold start connects, then leaves a 0600 cache; the next start offers its tools before the server answered initialize", async () => {
    const s = setup();
    const config = sleepy(s);
    const cold = newManager(s);
    const coldStarted = Date.now();
    await cold.start([config]);
    expect(Date.now() - coldStarted).toBeGreaterThanOrEqual(2000);
    expect(stateOf(cold, "slow").status).toBe("connected");
    await cold.close();
    const file = s.cache.pathOf(config);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(s.dir, "home", "tool-cache")).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      server: "slow",
      serverInfo: { name: "sleepy", version: "1.0.0" },
      instructions: "Be slow.",
    });

    const warm = newManager(s);
    const seen = recordTransitions(warm);
    const started = Date.now();
    await warm.start([config]);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(stateOf(warm, "slow")).toMatchObject({ status: "cached", instructions: "Be slow." });
    expect(toolNames(warm)).toEqual(["mcp__slow__tool_1", "mcp__slow__tool_2"]);
    expect(warm.instructionsSection()).toContain("Be slow.");
    // Eager: the process is spawned in the background, once per session.
    await until(() => spawned(s).length === 2);
    expect(stateOf(warm, "slow").status).toBe("cached"); // started, not yet answered

    const result = await warm.call("slow", "tool_2", {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000); // it waited for the live connect
    expect(textOf(result)).toMatch(/^tool_2 ok \(pid \d+\)$/);
    expect(result.isError).toBeFalsy();
    expect(stateOf(warm, "slow")).toMatchObject({ status: "connected" });
    expect(stateOf(warm, "slow")).not.toHaveProperty("cacheNote");
    expect(seen.slow).toEqual(["pending", "cached", "connected"]);
  }, 20_000);

  it("lazy start spawns nothing until the first call, then exactly one process group", async () => {
    const s = setup();
    const config = sleepy(s, { delayMs: 300, extra: { startup: "lazy" } });
    await prime(s, config, ["tool_1", "tool_2"]);
    const manager = newManager(s);
    await manager.start([config]);
    expect(stateOf(manager, "slow").status).toBe("cached");
    expect(toolNames(manager)).toEqual(["mcp__slow__tool_1", "mcp__slow__tool_2"]);
    await sleep(500);
    expect(spawned(s)).toEqual([]);

    const [first, second] = await Promise.all([manager.call("slow", "tool_1", {}), manager.call("slow", "tool_2", {})]);
    expect(textOf(first)).toMatch(/^tool_1 ok/);
    expect(textOf(second)).toMatch(/^tool_2 ok/);
    const pids = spawned(s);
    expect(pids).toHaveLength(1);
    const pid = pids[0] as number;
    // Its own process group (the whole group goes when it stops).
    expect(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[2]).toBe(String(pid));
    await manager.close();
    await sleep(200);
    expect(alive(pid)).toBe(false);
  }, 20_000);

  it('MCP_STARTUP=lazy makes every cached server lazy; an entry\'s "startup": "eager" overrides it', async () => {
    const s = setup();
    const lazy = sleepy(s, { delayMs: 0 });
    const eager = { ...sleepy(s, { delayMs: 0, extra: { startup: "eager" } }), name: "eager" };
    await prime(s, lazy, ["tool_1"]);
    await prime(s, eager, ["tool_1"]);
    const manager = newManager(s, { MCP_STARTUP: "lazy" });
    await manager.start([lazy, eager]);
    await waitForSnapshot(manager, (snap) => snap.servers[1]?.state.status === "connected");
    expect(stateOf(manager, "slow").status).toBe("cached");
    expect(spawned(s)).toHaveLength(1);
  }, 20_000);

  it("holdBackground (print mode): a cached eager server starts on releaseBackground(), or sooner on a call", async () => {
    const s = setup();
    const held = sleepy(s, { delayMs: 0 });
    const called = { ...sleepy(s, { delayMs: 0 }), name: "called" };
    await prime(s, held, ["tool_1"]);
    await prime(s, called, ["tool_1"]);
    const manager = newManager(s);
    await manager.start([held, called], { holdBackground: true });
    await sleep(300);
    expect(spawned(s)).toEqual([]);
    expect(textOf(await manager.call("called", "tool_1", {}))).toMatch(/^tool_1 ok/);
    expect(spawned(s)).toHaveLength(1);
    expect(stateOf(manager, "slow").status).toBe("cached");
    manager.releaseBackground();
    await waitForSnapshot(manager, (snap) => snap.servers[0]?.state.status === "connected");
    expect(spawned(s)).toHaveLength(2);
  }, 20_000);

  it("a lazy server idle past idleTimeoutMs stops (its whole group) and starts again on the next call", async () => {
    const s = setup();
    // Started through a shell wrapper, as npx does: the server is the wrapper's child, in its group.
    const wrapperPid = join(s.dir, "wrapper.pid");
    const plain = sleepy(s, { delayMs: 0 });
    const config: ServerConfig = stdioServer("slow", {
      command: "/bin/sh",
      args: [WRAPPER, SLEEPY],
      env: {
        ...(plain.entry as StdioEntry).env,
        MCP_TEST_NODE: process.execPath,
        MCP_TEST_WRAPPER_PID_FILE: wrapperPid,
      },
      startup: "lazy",
      idleTimeoutMs: 400,
    });
    await prime(s, config, ["tool_1", "tool_2"]);
    const manager = newManager(s);
    await manager.start([config]);
    expect(textOf(await manager.call("slow", "tool_1", {}))).toMatch(/^tool_1 ok/);
    const [pid] = spawned(s) as [number];
    const wrapper = Number(readFileSync(wrapperPid, "utf8"));
    expect(alive(pid) && alive(wrapper)).toBe(true);
    await waitForSnapshot(manager, (snap) => snap.servers[0]?.state.status === "cached", 3000);
    await until(() => !alive(pid) && !alive(wrapper));
    expect(toolNames(manager)).toEqual(["mcp__slow__tool_1", "mcp__slow__tool_2"]); // still offered
    expect(textOf(await manager.call("slow", "tool_2", {}))).toMatch(/^tool_2 ok/);
    expect(spawned(s)).toHaveLength(2);
    const history = manager.getSnapshot().servers[0]?.health.history.map((h) => h.status);
    expect(history).toEqual(["pending", "cached", "connected", "cached", "connected"]);
  }, 20_000);

  it("a changed entry ignores the old cache and connects live", async () => {
    const s = setup();
    const before = sleepy(s, { delayMs: 200 });
    await prime(s, before, ["old_tool"]);
    const changed = sleepy(s, { delayMs: 200, extra: { args: [SLEEPY, "--changed"] } });
    expect(await s.cache.read(changed)).toBeUndefined();
    const manager = newManager(s);
    const seen = recordTransitions(manager);
    await manager.start([changed]);
    expect(seen.slow).toEqual(["pending", "connected"]);
    expect(toolNames(manager)).toEqual(["mcp__slow__tool_1", "mcp__slow__tool_2"]);
  }, 20_000);

  it("a corrupt or unreadable cache is ignored and rewritten", async () => {
    const s = setup();
    const config = sleepy(s, { delayMs: 0 });
    const file = s.cache.pathOf(config);
    for (const damage of ['{"version":1,"tools":[', "not json", "locked"]) {
      mkdirSync(join(s.dir, "home", "tool-cache"), { recursive: true });
      writeFileSync(file, damage === "locked" ? JSON.stringify({ version: 1 }) : damage);
      if (damage === "locked") chmodSync(file, 0o000);
      const manager = newManager(s);
      const seen = recordTransitions(manager);
      await manager.start([config]);
      expect(seen.slow).toEqual(["pending", "connected"]);
      await manager.close();
      expect((await s.cache.read(config))?.tools.map((t) => t.name)).toEqual(["tool_1", "tool_2"]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
  }, 20_000);

  it("when the live list differs: the next request's tools follow it, the state says what changed, a vanished tool is a clear error, the cache is updated", async () => {
    const s = setup();
    const config = sleepy(s, { delayMs: 300, tools: "tool_1,tool_new" });
    await prime(s, config, ["tool_1", "tool_gone"]);
    const manager = newManager(s);
    await manager.start([config]);
    expect(toolNames(manager)).toEqual(["mcp__slow__tool_1", "mcp__slow__tool_gone"]);
    const result = await manager.call("slow", "tool_gone", {});
    expect(result).toEqual({
      content:
        "MCP tool tool_gone is no longer offered by server slow: its tool list changed, so the tool was removed.",
      isError: true,
    });
    expect(stateOf(manager, "slow")).toMatchObject({
      status: "connected",
      cacheNote: "tools changed since cached: added tool_new; removed tool_gone",
    });
    expect(toolNames(manager)).toEqual(["mcp__slow__tool_1", "mcp__slow__tool_new"]);
    await manager.close();
    expect((await s.cache.read(config))?.tools.map((t) => t.name)).toEqual(["tool_1", "tool_new"]);
  }, 20_000);

  it("approval first: a project server's cache is offered only once it is approved for its current entry", async () => {
    const s = setup();
    const config = sleepy(s, { delayMs: 300, source: "project" });
    await prime(s, config, ["tool_1", "tool_2"]);
    const printLike = newManager(s);
    await printLike.start([config]);
    expect(stateOf(printLike, "slow").status).toBe("disabled");
    expect(toolNames(printLike)).toEqual([]);
    expect(spawned(s)).toEqual([]);

    const tui = newManager(s, {}, true);
    await tui.start([config]);
    expect(stateOf(tui, "slow").status).toBe("needs-approval");
    expect(toolNames(tui)).toEqual([]);
    const deciding = tui.decide("slow", "remember");
    await waitForSnapshot(tui, (snap) => snap.servers[0]?.state.status === "cached");
    await deciding;
    expect(toolNames(tui)).toEqual(["mcp__slow__tool_1", "mcp__slow__tool_2"]);
  }, 20_000);
});
