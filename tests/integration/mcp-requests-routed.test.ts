// Resource reads and prompts go the way tool calls go (src/mcp/tools/call-router.ts),
// against real server subprocesses: a server offered from the tool cache is
// connected first, a read holds off a lazy server's idle stop and counts as
// use, and a remote server that forgot the session gets the read again on a
// new one.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.ts";
import type { RemoteEntry, ServerConfig, StdioEntry } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { expandPromptCommand } from "../../src/mcp/features/prompts.ts";
import { readResource } from "../../src/mcp/features/resources.ts";
import { DEFAULT_RECONNECT_POLICY } from "../../src/mcp/state/reconnect-policy.ts";
import { ToolCacheFiles } from "../../src/mcp/tools/cache.ts";
import { NODE, ROOT } from "../helpers/cli-sandbox.ts";
import { MemoryApprovals, recordStates, stdioServer } from "../helpers/mcp-fixtures.ts";
import { startOAuthServer, type OAuthServerProcess } from "../helpers/oauth-server-process.ts";

const PROTOCOL = join(ROOT, "tests/helpers/mcp-protocol-server.mjs");

let manager: McpManager | undefined;
const servers: OAuthServerProcess[] = [];
afterEach(async () => {
  await manager?.close();
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  manager = undefined;
});

function cachedSetup(entry: Partial<StdioEntry>) {
  const dir = mkdtempSync(join(tmpdir(), "mcp-routed-"));
  const cache = new ToolCacheFiles({
    dir: join(dir, "tool-cache"),
    projectDir: dir,
    clock: systemClock,
    warn: () => {},
  });
  const config = stdioServer("edge", { command: NODE, args: [PROTOCOL], ...entry });
  const env = { ...process.env, MCP_KEEPALIVE_MS: "0" };
  manager = new McpManager({
    projectDir: dir,
    approvals: new MemoryApprovals(),
    logDir: join(dir, "logs"),
    env,
    interactive: false,
    toolCache: cache,
  });
  return { config, cache, env, manager };
}

const CACHED = {
  tools: [],
  skippedTools: [],
  instructions: "",
  capabilities: { resources: {}, prompts: {} },
  resources: [{ uri: "note://text", name: "text note" }],
  prompts: [{ name: "greet", description: "Greets someone", arguments: [{ name: "name", required: true }] }],
};

describe("a server offered from the tool cache", () => {
  it("is connected before its resource is read and its prompt is got; both count as use", async () => {
    // Slow to start: while it boots, it is offered from the cache.
    const { config, cache, env, manager } = cachedSetup({ env: { PROTOCOL_DELAY_MS: "600" } });
    await cache.write(config, CACHED);
    await manager.start([config]);
    expect(manager.getSnapshot().servers[0]?.state.status).toBe("cached");

    expect(await readResource(manager, "edge", "note://text", env)).toEqual({
      content: [{ type: "text", text: "contents of note://text" }],
      isError: false,
    });
    expect(manager.getSnapshot().servers[0]?.state.status).toBe("connected");
    expect(await expandPromptCommand("/mcp__edge__greet Ada", manager, env)).toEqual({
      blocks: [
        { type: "text", text: "Greet Ada in a plain style." },
        { type: "text", text: "(The prompt's assistant message:)" },
        { type: "text", text: "Sure." },
      ],
    });
    const usage = manager.usage.getSnapshot().get("edge");
    expect(usage?.["resources/read"]).toMatchObject({ calls: 1, errors: 0 });
    expect(usage?.["prompts/get"]).toMatchObject({ calls: 1, errors: 0 });
  }, 20_000);

  it("lazy with an idle timeout: a read longer than the timeout is not cut short, and the stop comes after it", async () => {
    const { config, cache, env, manager } = cachedSetup({ startup: "lazy", idleTimeoutMs: 300 });
    await cache.write(config, CACHED);
    await manager.start([config]);
    const seen = recordStates(manager, "edge");
    expect(await readResource(manager, "edge", "note://slow/900", env)).toEqual({
      content: [{ type: "text", text: "contents of note://slow/900" }],
      isError: false,
    });
    expect(seen).toEqual(["connected"]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(seen).toEqual(["connected", "cached"]);
  }, 20_000);
});

describe("a streamable-HTTP server that restarted forgets the session", () => {
  it("a resource read and a prompt that meet the old session are sent again on a new one", async () => {
    let server = await startOAuthServer({ AUTH: "none" });
    servers.push(server);
    const dir = mkdtempSync(join(tmpdir(), "mcp-routed-remote-"));
    const entry: RemoteEntry = { type: "http", url: server.mcpUrl };
    const config: ServerConfig = { name: "notes", source: "user", file: "test", entry, resolved: entry };
    const env = { MCP_KEEPALIVE_MS: "0" };
    manager = new McpManager({
      projectDir: dir,
      approvals: new MemoryApprovals(),
      logDir: join(dir, "logs"),
      env,
      interactive: false,
      reconnect: { ...DEFAULT_RECONNECT_POLICY, initialDelayMs: 100, maxDelayMs: 100, remoteAttempts: 50 },
    });
    await manager.start([config]);
    const seen = recordStates(manager, "notes");

    await server.stop();
    servers.splice(0);
    server = await startOAuthServer({ AUTH: "none", PORT: String(server.port) });
    servers.push(server);

    expect(await readResource(manager, "notes", "notes://readme", env)).toEqual({
      content: [{ type: "text", text: "the notes server" }],
      isError: false,
    });
    expect(seen).toEqual(["reconnecting 1", "connected"]);
    await server.stop();
    servers.splice(0);
    server = await startOAuthServer({ AUTH: "none", PORT: String(server.port) });
    servers.push(server);
    expect(await expandPromptCommand("/mcp__notes__summarize", manager, env)).toEqual({
      blocks: [{ type: "text", text: "Summarize the notes." }],
    });
    expect((await server.state()).calls).toEqual(["prompt:summarize"]);
    expect(manager.usage.getSnapshot().get("notes")).toMatchObject({
      "resources/read": { calls: 1, errors: 0 },
      "prompts/get": { calls: 1, errors: 0 },
    });
  }, 30_000);
});
