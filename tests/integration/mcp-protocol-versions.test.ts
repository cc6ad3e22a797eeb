import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { NODE, ROOT, TRACKER } from "../helpers/cli-sandbox.ts";
import { commandSandboxesForTestFile, type CommandSandbox } from "../helpers/mcp-command-io.ts";

// Both protocol generations, each a real server in a subprocess: the v2 SDK's server that
// refuses initialize, a hand-written one that speaks only 2025-06-18, and the tracker (v1 SDK).
const MODERN = join(ROOT, "tests/helpers/modern-server.mjs");
const OLD = join(ROOT, "tests/helpers/old-protocol-server.mjs");

const sandboxes = commandSandboxesForTestFile();
let box: CommandSandbox;
beforeEach(async () => {
  box = await sandboxes.create();
});

async function addOld(name: string, mode: string, timeoutMs?: number): Promise<void> {
  const entry = {
    command: NODE,
    args: [OLD],
    env: { MCP_OLD_MODE: mode },
    ...(timeoutMs ? { timeout: timeoutMs } : {}),
  };
  await box.run(["add-json", name, JSON.stringify(entry)]);
}

describe("protocol versions, both ways", () => {
  it("reaches a 2026-07-28-only server with server/discover, a 2025-06-18-only one and the tracker with initialize, and says which each speaks", async () => {
    await box.run(["add", "modern", "--", NODE, MODERN]);
    await addOld("old", "plain");
    await box.run(["add", "tracker", "--", NODE, TRACKER]);
    const list = await box.run(["list", "--json"]);
    expect(list.status).toBe(0);
    const rows = JSON.parse(list.stdout) as {
      name: string;
      status: string;
      protocolVersion?: string;
      tools: string[];
    }[];
    expect(rows.map(({ name, status, protocolVersion }) => ({ name, status, protocolVersion }))).toEqual([
      { name: "modern", status: "connected", protocolVersion: "2026-07-28" },
      { name: "old", status: "connected", protocolVersion: "2025-06-18" },
      { name: "tracker", status: "connected", protocolVersion: "2025-11-25" },
    ]);
    expect(rows[0]?.tools).toContain("echo");
    const get = await box.run(["get", "modern"]);
    expect(get.stdout).toContain(
      "  Status: ✔ connected · 9 tools\n  Protocol: 2026-07-28\n  Capabilities: tools (listChanged)",
    );
  });

  it("falls back to initialize when server/discover gets garbage, silence, or the server's exit; names the server's refusal when it claims 2026-07-28 and speaks nothing", async () => {
    await addOld("garbage", "garbage");
    await addOld("exits", "exit");
    await addOld("silent", "silent", 4000);
    await addOld("liar", "claims");
    await addOld("escapes", "escapes");
    const list = await box.run(["list", "--json"]);
    const rows = JSON.parse(list.stdout) as {
      name: string;
      status: string;
      protocolVersion?: string;
      error?: string;
    }[];
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName.garbage).toMatchObject({ status: "connected", protocolVersion: "2025-06-18" });
    expect(byName.exits).toMatchObject({ status: "connected", protocolVersion: "2025-06-18" });
    expect(byName.silent).toMatchObject({ status: "connected", protocolVersion: "2025-06-18" });
    expect(byName.escapes).toMatchObject({ status: "connected", protocolVersion: "2025-06-18" });
    expect(byName.liar?.status).toBe("failed");
    expect(byName.liar?.error).toMatch(/Method not found/);
    expect(list.stdout).not.toMatch(/\u001b/);
  });
});
