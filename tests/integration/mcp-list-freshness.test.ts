// The tool cache by the server's word: a 2026-07-28 server (tests/helpers/modern-server.mjs, a real
// subprocess on the v2 server package) sends ttlMs with its tools/list; while that list is fresh the
// next session serves it without starting the server, and starts it once it goes stale. A list with
// ttlMs 0 (the SDK's default, "stale at once") is still offered at the warm start, while the server
// connects in the background as before.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.ts";
import type { ServerConfig } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { ToolCacheFiles } from "../../src/mcp/tools/cache.ts";
import { NODE, ROOT } from "../helpers/cli-sandbox.ts";
import { MemoryApprovals, stateOf, stdioServer, waitForSnapshot } from "../helpers/mcp-fixtures.ts";

const MODERN = join(ROOT, "tests/helpers/modern-server.mjs");
const managers: McpManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
});

function setup(ttlMs: number | undefined) {
  const dir = mkdtempSync(join(tmpdir(), "mcp-fresh-"));
  const pids = join(dir, "pids");
  mkdirSync(pids);
  const cache = new ToolCacheFiles({
    dir: join(dir, "tool-cache"),
    projectDir: dir,
    clock: systemClock,
    warn: () => {},
  });
  const env: Record<string, string> = { MCP_MODERN_PID_DIR: pids, MCP_MODERN_LIST_SCOPE: "public" };
  if (ttlMs !== undefined) env.MCP_MODERN_LIST_TTL_MS = String(ttlMs);
  const config: ServerConfig = stdioServer("modern", { command: NODE, args: [MODERN], env });
  const manager = () => {
    const made = new McpManager({
      projectDir: dir,
      approvals: new MemoryApprovals(),
      logDir: join(dir, "logs"),
      env: process.env,
      interactive: false,
      toolCache: cache,
    });
    managers.push(made);
    return made;
  };
  return { config, cache, manager, started: () => readdirSync(pids).length };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("list caching by the server's word", () => {
  it("a list fresh for a minute is served without starting the server; its first call starts it", async () => {
    const s = setup(60_000);
    const cold = s.manager();
    const before = Date.now();
    await cold.start([s.config]);
    expect(stateOf(cold, "modern").status).toBe("connected");
    await cold.close();
    const record = JSON.parse(readFileSync(s.cache.pathOf(s.config), "utf8"));
    expect(record.cacheScope).toBe("public");
    expect(record.freshUntil).toBeGreaterThanOrEqual(before + 60_000);
    expect(record.freshUntil).toBeLessThanOrEqual(Date.now() + 60_000);

    const warm = s.manager();
    await warm.start([s.config]);
    expect(stateOf(warm, "modern").status).toBe("cached");
    await sleep(1000);
    expect(stateOf(warm, "modern").status).toBe("cached");
    expect(s.started()).toBe(1);
    expect(await warm.call("modern", "echo", { text: "hi" })).toMatchObject({
      content: [{ type: "text", text: "hi" }],
    });
    expect(s.started()).toBe(2);
  }, 20_000);

  it("once the list goes stale the server is started in the background", async () => {
    const s = setup(4000);
    const cold = s.manager();
    await cold.start([s.config]);
    await cold.close();
    const warm = s.manager();
    await warm.start([s.config]);
    expect(stateOf(warm, "modern").status).toBe("cached");
    await sleep(800);
    expect(s.started()).toBe(1);
    await waitForSnapshot(warm, () => stateOf(warm, "modern").status === "connected", 10_000);
    expect(s.started()).toBe(2);
  }, 20_000);

  it("a list stale at once (ttlMs 0) is offered at the warm start and refreshed in the background", async () => {
    const s = setup(undefined);
    const cold = s.manager();
    await cold.start([s.config]);
    await cold.close();
    const record = JSON.parse(readFileSync(s.cache.pathOf(s.config), "utf8"));
    expect(record.freshUntil).toBeUndefined();
    expect(record.cacheScope).toBe("private");
    const warm = s.manager();
    await warm.start([s.config]);
    expect(stateOf(warm, "modern").status).toBe("cached");
    await waitForSnapshot(warm, () => stateOf(warm, "modern").status === "connected", 10_000);
  }, 20_000);
});
