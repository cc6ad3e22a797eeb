import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, readdir, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { FakeClock } from "../../helpers/fake-clock.ts";
import type { ServerConfig } from "../../../src/config/types.ts";
import { validateEntry } from "../../../src/config/schema.ts";
import type { McpToolInfo } from "../../../src/mcp/state/server-state.ts";
import { idleStopMs, isLazy, startupEnvProblem } from "../../../src/mcp/state/startup.ts";
import { ToolCacheFiles, type CachedServer } from "../../../src/mcp/tools/cache.ts";
import { stdioServer } from "../../helpers/mcp-fixtures.ts";

let dir: string;
let cache: ToolCacheFiles;
let warnings: string[];
beforeEach(async () => {
  warnings = [];
  dir = join(await mkdtemp(join(tmpdir(), "tool-cache-")), "tool-cache");
  cache = new ToolCacheFiles({
    dir,
    projectDir: "/project",
    clock: new FakeClock(Date.UTC(2026, 0, 2)),
    warn: (message) => warnings.push(message),
  });
});

const tool = (name: string, extra = ""): McpToolInfo => ({
  name,
  description: `${name}${extra}`,
  inputSchema: { type: "object", properties: {} },
  annotations: {},
});
const server = (names: string[], extra = ""): CachedServer => ({
  tools: names.map((n) => tool(n, extra)),
  skippedTools: [],
  instructions: "hi",
});
const ECHO = stdioServer("echo", { command: "node", args: ["echo.mjs"] });

describe("the tool cache files", () => {
  it("reads back what it wrote, for exactly that entry", async () => {
    await cache.write(ECHO, {
      ...server(["a", "b"]),
      serverInfo: { name: "echo", version: "2.0.0" },
      capabilities: { tools: { listChanged: true } },
    });
    expect(await cache.read(ECHO)).toEqual({
      ...server(["a", "b"]),
      serverInfo: { name: "echo", version: "2.0.0" },
      capabilities: { tools: { listChanged: true } },
    });
    expect(JSON.parse(await readFile(cache.pathOf(ECHO), "utf8"))).toMatchObject({
      version: 1,
      server: "echo",
      cachedAt: "2026-01-02T00:00:00.000Z",
    });
  });

  it("a changed entry, a changed ${VAR}, another project or another name has its own key: the old cache is never read for it", async () => {
    await cache.write(ECHO, server(["a"]));
    const changedArgs = stdioServer("echo", { command: "node", args: ["echo.mjs", "--v2"] });
    const changedVar: ServerConfig = { ...ECHO, resolved: { command: "node", args: ["other.mjs"] } };
    const renamed = { ...ECHO, name: "echo2" };
    const otherProject = new ToolCacheFiles({
      dir,
      projectDir: "/elsewhere",
      clock: new FakeClock(),
      warn: (message) => warnings.push(message),
    });
    for (const config of [changedArgs, changedVar, renamed]) {
      expect(cache.keyOf(config)).not.toBe(cache.keyOf(ECHO));
      expect(await cache.read(config)).toBeUndefined();
    }
    expect(await otherProject.read(ECHO)).toBeUndefined();
    // A file put under another entry's name is not trusted either.
    await rename(cache.pathOf(ECHO), cache.pathOf(changedArgs));
    expect(await cache.read(changedArgs)).toBeUndefined();
  });

  it("writing a changed entry's cache removes the same server's caches of earlier entries in this project, and nothing else", async () => {
    const before = stdioServer("echo", { command: "node", args: ["echo.mjs", "--v1"] });
    const similar = stdioServer("echo-2", { command: "node", args: ["echo.mjs"] });
    const otherProject = new ToolCacheFiles({
      dir,
      projectDir: "/elsewhere",
      clock: new FakeClock(),
      warn: (message) => warnings.push(message),
    });
    await cache.write(before, server(["a"]));
    await cache.write(similar, server(["b"]));
    await otherProject.write(before, server(["c"]));
    await writeFile(join(dir, "echo-unrelated.json"), "not ours");
    await cache.write(ECHO, server(["d"]));
    expect(await cache.read(before)).toBeUndefined();
    expect((await cache.read(similar))?.tools.map((t) => t.name)).toEqual(["b"]);
    expect((await otherProject.read(before))?.tools.map((t) => t.name)).toEqual(["c"]);
    expect((await cache.read(ECHO))?.tools.map((t) => t.name)).toEqual(["d"]);
    expect((await readdir(dir)).sort()).toHaveLength(4);
  });

  it("writing a server's cache removes what a write cut short by a dead process left, not a live writer's", async () => {
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    const deadPid = Number(dead.stdout.trim());
    await cache.write(ECHO, server(["a"]));
    const [written] = await readdir(dir);
    const leftover = `.${written}.${deadPid}.d573dc9c.tmp`;
    const running = `.${written}.${process.ppid}.0badcafe.tmp`;
    const otherServer = `.other-${written!.slice("echo-".length)}.${deadPid}.d573dc9c.tmp`;
    for (const name of [leftover, running, otherServer]) await writeFile(join(dir, name), "{");
    await cache.write(ECHO, server(["b"]));
    expect((await readdir(dir)).sort()).toEqual([running, otherServer, written].sort());
  });

  it("a corrupt, truncated, wrongly shaped or absurdly deep file is moved aside with a warning, and the cache goes on", async () => {
    await cache.write(ECHO, server(["a"]));
    const file = cache.pathOf(ECHO);
    const whole = await readFile(file, "utf8");
    const deep = JSON.stringify({
      ...JSON.parse(whole),
      tools: [{ ...tool("a"), inputSchema: JSON.parse("[".repeat(200) + "]".repeat(200)) }],
    });
    const bad = [
      whole.slice(0, 40),
      "null",
      '{"version":2}',
      JSON.stringify({ ...JSON.parse(whole), tools: [{ name: 1 }] }),
      deep,
    ];
    for (const text of bad) {
      await writeFile(file, text);
      expect(await cache.read(ECHO)).toBeUndefined();
      await cache.write(ECHO, server(["a"]));
    }
    const backup = `${file}.corrupt-2026-01-02T00-00-00.000Z`;
    const lost = "its tools are listed again when the server connects.";
    expect(warnings).toEqual([
      `${file}:1:41: invalid JSON (Unterminated string); moved it to ${backup} and ${lost}`,
      `${file}: not a tool cache record ((top level): expected object, got null); moved it to ${backup}-1 and ${lost}`,
      `${file}: not a tool cache record (version: expected 1, got 2); moved it to ${backup}-2 and ${lost}`,
      `${file}: not a tool cache record (tools[0].name: expected string, got number); moved it to ${backup}-3 and ${lost}`,
      `${file}: nested deeper than 72 levels; moved it to ${backup}-4 and ${lost}`,
    ]);
    expect((await cache.read(ECHO))?.tools.map((t) => t.name)).toEqual(["a"]);
    expect((await readdir(dir)).filter((name) => name.includes(".corrupt-"))).toHaveLength(5);
    await writeFile(join(dir, "x"), "");
    await expect(
      new ToolCacheFiles({
        dir: join(dir, "x"),
        projectDir: "/project",
        clock: new FakeClock(),
        warn: (message) => warnings.push(message),
      }).read(ECHO),
    ).resolves.toBeUndefined();
  });

  it("two sessions writing the same cache at once never leave a torn file", async () => {
    const other = new ToolCacheFiles({
      dir,
      projectDir: "/project",
      clock: new FakeClock(),
      warn: (message) => warnings.push(message),
    });
    const big = (n: number) =>
      server(
        Array.from({ length: 200 }, (_, i) => `tool_${i}`),
        ` ${"x".repeat(200)} ${n}`,
      );
    await cache.write(ECHO, big(0));
    const reads: Array<CachedServer | undefined> = [];
    const writes = Array.from({ length: 20 }, (_, n) => (n % 2 === 0 ? cache : other).write(ECHO, big(n)));
    const reading = (async () => {
      for (let i = 0; i < 50; i++) reads.push(await cache.read(ECHO));
    })();
    await Promise.all([...writes, reading]);
    expect(reads.every((read) => read?.tools.length === 200)).toBe(true);
    expect((await cache.read(ECHO))?.tools).toHaveLength(200);
    expect((await readdir(dir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

describe("startup and idleTimeoutMs", () => {
  it("an entry's startup wins over MCP_STARTUP; idle stop applies to lazy servers only", () => {
    expect(isLazy({ command: "x" }, {})).toBe(false);
    expect(isLazy({ command: "x" }, { MCP_STARTUP: "lazy" })).toBe(true);
    expect(isLazy({ command: "x", startup: "eager" }, { MCP_STARTUP: "lazy" })).toBe(false);
    expect(isLazy({ command: "x", startup: "lazy" }, { MCP_STARTUP: "eager" })).toBe(true);
    expect(idleStopMs({ command: "x", idleTimeoutMs: 500 }, {})).toBe(0);
    expect(idleStopMs({ command: "x", startup: "lazy", idleTimeoutMs: 500 }, {})).toBe(500);
    expect(idleStopMs({ command: "x", startup: "lazy" }, {})).toBe(0);
    expect(idleStopMs({ command: "x", startup: "lazy", idleTimeoutMs: 1e12 }, {})).toBe(2_147_483_647);
  });

  it("warns of an MCP_STARTUP that is neither eager nor lazy", () => {
    expect(startupEnvProblem({ MCP_STARTUP: "lasy" })).toBe(
      'MCP_STARTUP="lasy" is not "eager" or "lazy"; servers start eagerly',
    );
    expect(
      [undefined, "", "eager", "LAZY", " lazy "].map((value) => startupEnvProblem({ MCP_STARTUP: value })),
    ).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it("entry validation names a bad startup or idleTimeoutMs", () => {
    expect(validateEntry({ command: "x", startup: "later" }, ["mcpServers", "a"])).toEqual({
      ok: false,
      error: 'mcpServers.a.startup: expected "eager" or "lazy", got "later"',
    });
    expect(validateEntry({ type: "http", url: "http://x", idleTimeoutMs: 0 }, ["mcpServers", "b"])).toEqual({
      ok: false,
      error: "mcpServers.b.idleTimeoutMs: must be a positive number of milliseconds",
    });
    expect(validateEntry({ command: "x", idleTimeoutMs: "5s" }, ["mcpServers", "c"])).toEqual({
      ok: false,
      error: "mcpServers.c.idleTimeoutMs: expected number, got string",
    });
    expect(validateEntry({ command: "x", startup: "lazy", idleTimeoutMs: 60000 }, [])).toEqual({
      ok: true,
      entry: { command: "x", startup: "lazy", idleTimeoutMs: 60000 },
    });
  });
});
