import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RemoteEntry, ServerConfig } from "../../src/config/types.ts";
import { systemClock } from "../../src/clock.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { OAuthStore } from "../../src/mcp/connection/oauth/token-store.ts";
import { DEFAULT_RECONNECT_POLICY } from "../../src/mcp/state/reconnect-policy.ts";
import { MemoryApprovals, recordStates, stateOf } from "../helpers/mcp-fixtures.ts";
import { BROWSER_SCRIPT, startOAuthServer, type OAuthServerProcess } from "../helpers/oauth-server-process.ts";
import { createSandbox, type CommandSandbox } from "../helpers/mcp-command-io.ts";

// The session side of remote servers, through McpManager as the TUI and print
// mode use it, against the subprocess fixture (tests/helpers/oauth-mcp-server.mjs).

const servers: OAuthServerProcess[] = [];
let manager: McpManager | undefined;
let box: CommandSandbox | undefined;
afterEach(async () => {
  await manager?.close();
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await box?.dispose();
  [manager, box] = [undefined, undefined];
});

async function start(settings: Parameters<typeof startOAuthServer>[0]): Promise<OAuthServerProcess> {
  const server = await startOAuthServer(settings);
  servers.push(server);
  return server;
}

function remote(name: string, entry: RemoteEntry): ServerConfig {
  return { name, source: "user", file: "test", entry, resolved: entry };
}

function newManager(dir: string, env: Record<string, string> = {}): McpManager {
  return new McpManager({
    projectDir: dir,
    approvals: new MemoryApprovals(),
    logDir: join(dir, "logs"),
    env: { MCP_KEEPALIVE_MS: "0", ...env },
    interactive: true,
    // Enough attempts to outlast a fixture restart on a busy machine.
    reconnect: { ...DEFAULT_RECONNECT_POLICY, initialDelayMs: 100, maxDelayMs: 100, remoteAttempts: 50 },
    oauth: new OAuthStore({ file: join(dir, "mcp-oauth.json"), clock: systemClock, warn: () => {} }),
  });
}

const browse = (url: URL) => void execFile(process.execPath, [BROWSER_SCRIPT, url.href]);

const text = (result: { content: unknown }) =>
  typeof result.content === "string"
    ? result.content
    : (result.content as { text: string }[]).map((block) => block.text).join("");

describe("needs-auth and login in a session", () => {
  it("a 401 server waits in needs-auth without blocking the others; /mcp login connects it; logout sends it back", async () => {
    const guarded = await start({});
    const open = await start({ AUTH: "none" });
    const dir = mkdtempSync(join(tmpdir(), "mcp-auth-session-"));
    manager = newManager(dir);
    await manager.start([
      remote("notes", { type: "http", url: guarded.mcpUrl }),
      remote("open", { type: "http", url: open.mcpUrl }),
    ]);
    expect(stateOf(manager, "notes")).toEqual({ status: "needs-auth", reason: "not logged in" });
    expect(stateOf(manager, "open").status).toBe("connected");
    expect(text(await manager.call("notes", "whoami", {}))).toBe(
      "MCP tool whoami failed: server notes needs authentication (not logged in); the user can run: mini-cc mcp login notes",
    );

    const shown: string[] = [];
    await manager.login("notes", (url) => {
      shown.push(url.href);
      // The scripted browser, as $BROWSER would run it (not waited for: the callback is served here).
      browse(url);
    });
    expect(shown[0]).toContain("/authorize?");
    expect(stateOf(manager, "notes").status).toBe("connected");
    expect(text(await manager.call("notes", "whoami", {}))).toMatch(/^client: /);

    await manager.logout("notes");
    expect(stateOf(manager, "notes")).toEqual({ status: "needs-auth", reason: "logged out" });
    expect(stateOf(manager, "open").status).toBe("connected");
  });

  it("a token that expires mid-session is refreshed on the 401 and the call goes through", async () => {
    const guarded = await start({});
    const dir = mkdtempSync(join(tmpdir(), "mcp-auth-refresh-"));
    manager = newManager(dir);
    await manager.start([remote("notes", { type: "http", url: guarded.mcpUrl })]);
    await manager.login("notes", browse);
    await guarded.expireTokens();
    expect(text(await manager.call("notes", "add_note", { text: "after expiry" }))).toBe("noted: after expiry");
    expect((await guarded.state()).refreshes).toBe(1);
    expect(stateOf(manager, "notes").status).toBe("connected");
  });
});

describe("a streamable-HTTP server that restarted forgets the session", () => {
  for (const unknownSession of ["404", "400"]) {
    it(`answered ${unknownSession}: a new session starts at once and the call that met it is sent again`, async () => {
      let server = await start({ AUTH: "none", UNKNOWN_SESSION: unknownSession });
      const dir = mkdtempSync(join(tmpdir(), "mcp-session-loss-"));
      manager = newManager(dir);
      await manager.start([remote("notes", { type: "http", url: server.mcpUrl })]);
      expect(text(await manager.call("notes", "add_note", { text: "one" }))).toBe("noted: one");
      const seen = recordStates(manager, "notes");

      await server.stop();
      servers.splice(servers.indexOf(server), 1);
      server = await start({ AUTH: "none", UNKNOWN_SESSION: unknownSession, PORT: String(server.port) });

      // Not read-only, but the old session refused it unread: sent again on the new session.
      expect(await manager.call("notes", "add_note", { text: "two" })).toEqual({
        content: [{ type: "text", text: "noted: two" }],
        isError: false,
      });
      expect(seen).toEqual(["reconnecting 1", "connected"]);
      expect((await server.state()).calls).toEqual(["add_note:two"]);
    });
  }
});

describe("a server that restarts while a call is under way", () => {
  async function restartDuring(tool: string): Promise<{ result: unknown; calls: string[] }> {
    let server = await start({ AUTH: "none" });
    const dir = mkdtempSync(join(tmpdir(), "mcp-restart-mid-call-"));
    manager = newManager(dir, { MCP_KEEPALIVE_MS: "150" });
    await manager.start([remote("notes", { type: "http", url: server.mcpUrl })]);
    const call = manager.call("notes", tool, { ms: 1500 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    server = await start({ AUTH: "none", PORT: String(server.port) });
    const result = await call;
    return { result, calls: (await server.state()).calls };
  }

  it("a call that may change something is not sent again: it says the server restarted", async () => {
    const { result, calls } = await restartDuring("slow_write");
    expect(result).toEqual({
      content:
        "MCP tool slow_write failed: server notes restarted during the call; slow_write may have run and may change something, so it was not sent again.",
      isError: true,
    });
    expect(calls).toEqual([]);
    expect(stateOf(manager!, "notes").status).toBe("connected");
  });

  it("a read-only call is sent again on the new session", async () => {
    const { result, calls } = await restartDuring("slow_read");
    expect(result).toEqual({ content: [{ type: "text", text: "slow_read done" }], isError: false });
    expect(calls).toEqual(["slow_read"]);
  });
});

describe("headersHelper", () => {
  it("runs before connecting, again on a 401, and its failure is the server's failure reason", async () => {
    const server = await start({ AUTH: "static" });
    await server.accept("one");
    const dir = mkdtempSync(join(tmpdir(), "mcp-headers-helper-"));
    const tokenFile = join(dir, "token");
    const runs = join(dir, "runs");
    writeFileSync(tokenFile, "one");
    const helper = `echo run >> '${runs}'; printf '{"Authorization":"Bearer %s"}' "$(cat '${tokenFile}')"`;
    manager = newManager(dir);
    await manager.start([remote("notes", { type: "http", url: server.mcpUrl, headersHelper: helper })]);
    expect(stateOf(manager, "notes").status).toBe("connected");
    expect(text(await manager.call("notes", "whoami", {}))).toBe("client: anonymous");

    // The token rotates: the next request gets a 401, the helper runs again, the request is sent again.
    await server.accept("two");
    writeFileSync(tokenFile, "two");
    expect(text(await manager.call("notes", "add_note", { text: "rotated" }))).toBe("noted: rotated");
    expect(execFileSync("wc", ["-l", runs]).toString().trim()).toMatch(/^2 /);
  });

  it("a failing helper: the server fails with the helper's reason, never its output", async () => {
    const server = await start({ AUTH: "static" });
    const dir = mkdtempSync(join(tmpdir(), "mcp-headers-helper-fail-"));
    manager = newManager(dir);
    await manager.start([
      remote("locked", { type: "http", url: server.mcpUrl, headersHelper: "echo 'vault is locked' >&2; exit 3" }),
      remote("garbled", { type: "http", url: server.mcpUrl, headersHelper: "echo 'Bearer secret-value'" }),
    ]);
    expect(stateOf(manager, "locked")).toMatchObject({
      status: "failed",
      code: "headers-helper-failed",
      error: "headersHelper failed: exit status 3: vault is locked",
    });
    const garbled = stateOf(manager, "garbled");
    expect(garbled).toMatchObject({
      status: "failed",
      error: "headersHelper failed: its output is not JSON (expected an object of header names to string values)",
    });
  });

  it("is not run for a project server that is not approved; mcp get says a helper is set, never its output", async () => {
    const server = await start({ AUTH: "static" });
    box = await createSandbox();
    const marker = join(box.root, "helper-ran");
    await box.write(
      box.projectFile,
      JSON.stringify({
        mcpServers: { notes: { type: "http", url: server.mcpUrl, headersHelper: `touch '${marker}'; echo '{}'` } },
      }),
    );
    const list = await box.run(["list"]);
    expect(list.stdout).toContain("not approved");
    expect(existsSync(marker)).toBe(false);
    const get = await box.run(["get", "--no-connect", "notes"]);
    expect(get.stdout).toContain(`  Headers helper: set (touch '${marker}'; echo '{}')`);
  });
});
