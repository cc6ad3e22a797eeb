import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RemoteEntry, ServerConfig } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { DEFAULT_RECONNECT_POLICY } from "../../src/mcp/state/reconnect-policy.ts";
import { MemoryApprovals, recordStates, waitForSnapshot } from "../helpers/mcp-fixtures.ts";
import { startRemoteServer, type RemoteMcpServer } from "../helpers/third-party-remote-server.ts";

// A real streamable-HTTP server on a loopback port, restarted on the same port
// while mini-cc is connected: pinged every 100 ms, reconnected after 200 ms.
const FAST = { ...DEFAULT_RECONNECT_POLICY, initialDelayMs: 200, maxDelayMs: 200 };

let server: RemoteMcpServer | undefined;
let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.close();
  await server?.close();
  [manager, server] = [undefined, undefined];
});

function remote(name: string, entry: RemoteEntry): ServerConfig {
  return { name, source: "user", file: "test", entry, resolved: entry };
}

describe("reconnecting a remote server", () => {
  it("notices an http server that restarted on the same port, reconnects to the new process, and its tools work again", async () => {
    server = await startRemoteServer();
    const port = Number(new URL(server.url).port);
    manager = new McpManager({
      projectDir: process.cwd(),
      approvals: new MemoryApprovals(),
      logDir: join(mkdtempSync(join(tmpdir(), "mcp-remote-reconnect-")), "logs"),
      env: { MCP_KEEPALIVE_MS: "100" },
      interactive: false,
      reconnect: FAST,
    });
    await manager.start([remote("notes", { type: "http", url: `${server.url}/mcp` })]);
    expect(await manager.call("notes", "add_note", { text: "before" })).toEqual({
      content: [{ type: "text", text: "note 1: before" }],
      isError: false,
    });
    const seen = recordStates(manager, "notes");
    await server.close();
    server = await startRemoteServer(port);
    await waitForSnapshot(manager, () => seen.at(-1) === "connected", 5000);
    expect(seen).toEqual(["reconnecting 1", "connected"]);
    expect(await manager.call("notes", "add_note", { text: "after" })).toEqual({
      content: [{ type: "text", text: "note 1: after" }],
      isError: false,
    });
    expect(server.notes).toEqual(["after"]);
  });
});
