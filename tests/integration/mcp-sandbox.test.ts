// Sandboxed stdio servers under real bubblewrap (Linux) through McpManager:
// a hostile server under a fake HOME, the tracker, server-everything, a
// server the sandbox kills, and the places where the sandbox must refuse.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StdioEntry } from "../../src/config/types.ts";
import { checkSandbox } from "../../src/sandbox/availability.ts";
import { SandboxHost } from "../../src/sandbox/sandbox-host.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import type { ToolResult } from "../../src/tools/tool.ts";
import { MemoryApprovals, stdioServer, waitForSnapshot } from "../helpers/mcp-fixtures.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const HOSTILE = join(ROOT, "tests/helpers/hostile-server.mjs");
const TRACKER = join(ROOT, "examples/mcp_tracker_server.ts");
const EVERYTHING = join(ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

const availability = await checkSandbox(process.env);
const skipped = availability.available ? "" : ` (skipped: ${availability.reason}; ${availability.hint})`;

/** A fake HOME with a planted key, and a project with a git folder. */
function machine() {
  const root = mkdtempSync(join(tmpdir(), "sandbox-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(join(home, ".ssh"), { recursive: true });
  writeFileSync(join(home, ".ssh", "id_rsa"), "-----BEGIN OPENSSH PRIVATE KEY-----planted");
  mkdirSync(join(project, ".git", "hooks"), { recursive: true });
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOME: home,
    ANTHROPIC_API_KEY: "sk-ant-planted",
    AWS_SECRET_ACCESS_KEY: "aws-planted",
  };
  const miniCcHome = join(home, ".mini-cc");
  return { root, home, project, env, miniCcHome, logDir: join(miniCcHome, "logs") };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function session(m: ReturnType<typeof machine>, check?: SandboxHost["availability"]) {
  const host = new SandboxHost({
    projectDir: m.project,
    home: m.home,
    miniCcHome: m.miniCcHome,
    env: m.env,
    ...(check ? { check } : {}),
  });
  const manager = new McpManager({
    projectDir: m.project,
    approvals: new MemoryApprovals(),
    logDir: m.logDir,
    env: m.env,
    interactive: true,
    sandbox: host,
  });
  cleanups.push(async () => {
    await manager.close();
    await host.close();
  });
  return { host, manager };
}

function text(result: ToolResult): string {
  const first = typeof result.content === "string" ? result.content : result.content[0];
  if (typeof first === "string") return first;
  if (first?.type !== "text") throw new Error(`unexpected result ${JSON.stringify(result)}`);
  return first.text;
}

async function connected(manager: McpManager) {
  const snapshot = await waitForSnapshot(
    manager,
    (s) => s.servers.every((view) => view.state.status !== "pending"),
    20_000,
  );
  for (const view of snapshot.servers) expect(view.state, view.name).toMatchObject({ status: "connected" });
}

/** Processes whose command line holds `marker`. */
function processesWith(marker: string): number[] {
  return readdirSync("/proc").flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

describe.skipIf(!availability.available)(`a sandboxed hostile server${skipped}`, () => {
  let listener: Server;
  let port = 0;
  beforeAll(async () => {
    listener = createServer((_request, response) => response.end("listener secret"));
    await new Promise<void>((done) => listener.listen(0, "127.0.0.1", done));
    port = (listener.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((done) => listener.close(() => done())));

  it("cannot read the key, write outside the project or into .git/hooks, or reach a local listener; each is a violation", async () => {
    const m = machine();
    const { host, manager } = session(m);
    await manager.start([stdioServer("hostile", { command: process.execPath, args: [HOSTILE], sandbox: true })]);
    await connected(manager);
    const result = await manager.call("hostile", "probe", { port });
    const probe = JSON.parse(text(result)) as Record<string, { ok: boolean; value?: string }>;
    // The server's own EROFS comes back with the sandbox's word beside it, for the model and the transcript.
    expect(result.content.at(-1)).toEqual({
      type: "text",
      text: [
        "Blocked by the sandbox: read ~/.ssh/id_rsa (sandbox.allowRead would allow it)",
        "Blocked by the sandbox: write ~/.bashrc (sandbox.allowWrite would allow it)",
        `Blocked by the sandbox: write ${m.project}/.git/hooks/pre-commit (never allowed in the sandbox)`,
      ].join("\n"),
    });
    expect(probe.readKey?.ok).toBe(false);
    expect(probe.writeHome?.ok).toBe(false);
    expect(probe.writeHook?.ok).toBe(false);
    expect(probe.connect?.ok).toBe(false);
    expect(probe.proxied?.ok).toBe(false);
    expect(probe.writeProject?.ok).toBe(true);
    expect(existsSync(join(m.home, ".bashrc"))).toBe(false);
    expect(existsSync(join(m.project, ".git/hooks/pre-commit"))).toBe(false);

    const expected = [
      "blocked: read ~/.ssh/id_rsa (sandbox.allowRead would allow it)",
      "blocked: write ~/.bashrc (sandbox.allowWrite would allow it)",
      `blocked: write ${m.project}/.git/hooks/pre-commit (never allowed in the sandbox)`,
      `blocked: connect 127.0.0.1:${port} (sandbox.allowedDomains would allow it)`,
    ];
    await expect
      .poll(() => [...(host.violations.getSnapshot().hostile?.recent ?? [])].sort(), { timeout: 5000 })
      .toEqual([...expected].sort());
    expect(host.violations.getSnapshot().hostile?.count).toBe(4);
    const log = readFileSync(join(m.logDir, "mcp-hostile.log"), "utf8");
    for (const line of expected) expect(log).toContain(`[sandbox] ${line}`);
  });

  it("gets a reduced environment: no credentials, the entry's env and the names it passes through", async () => {
    const m = machine();
    const { manager } = session({ ...m, env: { ...m.env, PASSED_ON: "yes", NOT_PASSED: "no" } });
    await manager.start([
      stdioServer("hostile", {
        command: process.execPath,
        args: [HOSTILE],
        env: { OWN: "mine" },
        sandbox: { env: ["PASSED_ON"] },
      }),
    ]);
    await connected(manager);
    const env = JSON.parse(text(await manager.call("hostile", "env", {}))) as Record<string, string>;
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(env.AWS_SECRET_ACCESS_KEY).toBeUndefined();
    expect(env.NOT_PASSED).toBeUndefined();
    expect(env.PASSED_ON).toBe("yes");
    expect(env.OWN).toBe("mine");
    expect(env.HOME).toBe(m.home);
    expect(env.PATH).toBe(m.env.PATH);
    expect(env.TMPDIR).toMatch(/mini-cc-sandbox-/);
  });

  it("leaves no process behind when the session closes", async () => {
    const m = machine();
    const { host, manager } = session(m);
    const marker = `--marker=${randomUUID()}`;
    await manager.start([
      stdioServer("hostile", { command: process.execPath, args: [HOSTILE, marker], sandbox: true }),
    ]);
    await connected(manager);
    expect(processesWith(marker).length).toBeGreaterThan(0);
    await manager.close();
    await host.close();
    await expect.poll(() => processesWith(marker), { timeout: 5000 }).toEqual([]);
  });

  it("leaves no process behind on the hard exit path (every server's group killed at once)", async () => {
    const m = machine();
    const { manager } = session(m);
    const marker = `--marker=${randomUUID()}`;
    await manager.start([
      stdioServer("hostile", { command: process.execPath, args: [HOSTILE, marker], sandbox: true }),
    ]);
    await connected(manager);
    expect(processesWith(marker).length).toBeGreaterThan(0);
    manager.killAllServerProcessGroups();
    await expect.poll(() => processesWith(marker), { timeout: 5000 }).toEqual([]);
  });
});

describe.skipIf(!availability.available)(`real servers in the sandbox${skipped}`, () => {
  it("the tracker and server-everything connect and answer", async () => {
    const m = machine();
    const { manager } = session(m);
    const entry = (args: string[]): StdioEntry => ({ command: process.execPath, args, sandbox: true });
    await manager.start([
      stdioServer("tracker", entry([TRACKER])),
      stdioServer("everything", entry([EVERYTHING, "stdio"])),
    ]);
    await connected(manager);
    expect(text(await manager.call("tracker", "list_issues", { status: "Todo" }))).toContain("BUG-101");
    expect(text(await manager.call("everything", "echo", { message: "inside" }))).toContain("inside");
  });

  it("npx -y of a package already in npm's npx cache starts (npm itself could reach neither the registry nor its cache)", async () => {
    const m = machine();
    // The cache as `npx -y @modelcontextprotocol/server-memory` leaves it, the package linked from our node_modules.
    const installed = join(m.home, ".npm", "_npx", "0a1b2c3d4e5f6a7b");
    mkdirSync(join(installed, "node_modules", "@modelcontextprotocol"), { recursive: true });
    mkdirSync(join(installed, "node_modules", ".bin"));
    writeFileSync(
      join(installed, "package.json"),
      JSON.stringify({
        dependencies: { "@modelcontextprotocol/server-memory": "^2026.8.31" },
        _npx: { packages: ["@modelcontextprotocol/server-memory"] },
      }),
    );
    symlinkSync(
      join(ROOT, "node_modules/@modelcontextprotocol/server-memory"),
      join(installed, "node_modules/@modelcontextprotocol/server-memory"),
    );
    symlinkSync(
      "../@modelcontextprotocol/server-memory/dist/index.js",
      join(installed, "node_modules/.bin/mcp-server-memory"),
    );
    const { manager } = session({ ...m, env: { ...m.env, PATH: `${dirname(process.execPath)}:${m.env.PATH}` } });
    await manager.start([
      stdioServer("memory", { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], sandbox: true }),
    ]);
    await connected(manager);
    expect(text(await manager.call("memory", "read_graph", {}))).toContain("entities");
  });

  it("npx -y of a package not in npm's cache says npx cannot fetch it in the sandbox, and the command that fetches it outside", async () => {
    const m = machine();
    // npx as it ends in the sandbox: the registry out of reach, the cache read-only.
    const bin = join(m.root, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "npx"), "#!/bin/sh\necho 'npm error code ECONNREFUSED' >&2\nexit 1\n", { mode: 0o755 });
    const { manager } = session(m);
    await manager.start([
      stdioServer("fresh", { command: join(bin, "npx"), args: ["-y", "@acme/mcp-server@1.2.0"], sandbox: true }),
    ]);
    const snapshot = await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed", 20_000);
    const state = snapshot.servers[0]?.state;
    expect(state?.status === "failed" && state.error).toBe(
      "server exited (code 1); npx cannot fetch @acme/mcp-server@1.2.0 inside the sandbox (no network, npm's cache read-only there): " +
        "fetch it once outside it with `npm exec --yes --package=@acme/mcp-server@1.2.0 -- true`, then restart the server (r in the MCP panel)",
    );
  });

  it("a server the sandbox kills says what was blocked and which field would allow it", async () => {
    const m = machine();
    const { manager } = session(m);
    const script = `require("fs").writeFileSync(require("os").homedir() + "/.cache-file", "x")`;
    await manager.start([stdioServer("writer", { command: process.execPath, args: ["-e", script], sandbox: true })]);
    const snapshot = await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed", 20_000);
    const state = snapshot.servers[0]?.state;
    expect(state?.status === "failed" && state.error).toMatch(
      /^server exited \(code 1\); the sandbox blocked: write ~\/\.cache-file \(sandbox\.allowWrite would allow it\)/,
    );
  });
});

describe("where the sandbox must refuse", () => {
  it('an entry with "sandbox": true fails with the reason where the sandbox cannot run, and never starts', async () => {
    const m = machine();
    const pidFile = join(m.root, "started.pid");
    const { manager } = session(m, async () => ({
      available: false,
      reason: "bubblewrap not installed",
      hint: "install it: sudo apt-get install bubblewrap",
    }));
    await manager.start([
      stdioServer("needs", {
        command: process.execPath,
        args: [join(ROOT, "tests/helpers/mcp-test-server.mjs")],
        env: { MCP_TEST_PID_FILE: pidFile },
        sandbox: true,
      }),
    ]);
    const state = (await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed")).servers[0]?.state;
    expect(state).toEqual({
      status: "failed",
      code: "sandbox-unavailable",
      error: "the sandbox cannot run here: bubblewrap not installed (install it: sudo apt-get install bubblewrap)",
    });
    expect(existsSync(pidFile)).toBe(false);
  });

  it("a relative write path that reaches the home folder is refused, naming the field", async () => {
    const m = machine();
    const { manager } = session(m, async () => ({ available: true }));
    await manager.start([
      stdioServer("wide", { command: process.execPath, args: [HOSTILE], sandbox: { allowWrite: ["out", ".."] } }),
    ]);
    const state = (await waitForSnapshot(manager, (s) => s.servers[0]?.state.status === "failed")).servers[0]?.state;
    expect(state).toEqual({
      status: "failed",
      code: "invalid-entry",
      error: 'sandbox.allowWrite[1]: ".." would allow writing your whole home folder (it holds it)',
    });
  });
});
