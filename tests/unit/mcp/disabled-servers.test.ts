import { mkdtempSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import { DisabledServersFile } from "../../../src/mcp/approvals/disabled-servers.ts";
import { McpManager } from "../../../src/mcp/manager.ts";
import { MemoryApprovals, memoryTransports, stdioServer } from "../../helpers/mcp-fixtures.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

let warnings: string[] = [];

const PROJECT = "/project";

function setup() {
  warnings = [];
  const dir = mkdtempSync(join(tmpdir(), "mcp-disabled-"));
  const file = join(dir, "mcp-disabled.json");
  const list = new DisabledServersFile({
    file,
    clock: new FakeClock(Date.UTC(2026, 4, 1)),
    warn: (message) => warnings.push(message),
  });
  const one = () => {
    const server = new McpServer({ name: "one", version: "1" });
    server.registerTool("ping", {}, () => ({ content: [] }));
    return server;
  };
  const { factory, built } = memoryTransports({ a: one, b: one });
  const manager = new McpManager({
    projectDir: PROJECT,
    approvals: new MemoryApprovals(),
    disabledServers: list,
    logDir: join(dir, "logs"),
    env: {},
    interactive: true,
    transportFactory: factory,
  });
  return { file, list, manager, built };
}

describe("DisabledServersFile", () => {
  it("keeps a list per project and merges writes", async () => {
    const { list } = setup();
    expect(await list.set(PROJECT, "a", true)).toBe(true);
    expect(await list.set(PROJECT, "a", true)).toBe(false);
    expect(await list.set("/other", "a", true)).toBe(true);
    expect([...(await list.list(PROJECT))]).toEqual(["a"]);
    expect(await list.set(PROJECT, "a", false)).toBe(true);
    expect([...(await list.list(PROJECT))]).toEqual([]);
    expect([...(await list.list("/other"))]).toEqual(["a"]);
  });

  it("moves a broken file aside with a warning, then goes on with an empty list", async () => {
    const { file, list } = setup();
    await writeFile(file, '{"/project": "a"}');
    expect([...(await list.list(PROJECT))]).toEqual([]);
    const backup = `${file}.corrupt-2026-05-01T00-00-00.000Z`;
    expect(warnings).toEqual([
      `${file}: "/project": expected a list of server names; moved it to ${backup} and starting with no server switched off.`,
    ]);
    expect(await readFile(backup, "utf8")).toBe('{"/project": "a"}');
    expect(await list.set(PROJECT, "a", true)).toBe(true);
    expect([...(await list.list(PROJECT))]).toEqual(["a"]);
    expect(warnings).toHaveLength(1);
  });
});

describe("McpManager with the disabled list", () => {
  it("never starts a listed server, and disable/enable write the list", async () => {
    const { list, manager, built } = setup();
    await list.set(PROJECT, "b", true);
    await manager.start([stdioServer("a", { command: "a" }, "user"), stdioServer("b", { command: "b" }, "user")]);
    expect(manager.getSnapshot().servers.map((s) => s.state.status)).toEqual(["connected", "disabled"]);
    expect(manager.getSnapshot().servers[1]?.state).toMatchObject({ cause: "user" });
    expect(built.b).toBeUndefined();
    expect(manager.tools().map((t) => t.name)).toEqual(["mcp__a__ping"]);

    await manager.disable("a");
    expect([...(await list.list(PROJECT))].sort()).toEqual(["a", "b"]);
    expect(manager.tools()).toEqual([]);
    await manager.enable("b");
    expect([...(await list.list(PROJECT))]).toEqual(["a"]);
    expect(manager.getSnapshot().servers[1]?.state.status).toBe("connected");
    await manager.close();
  });
});
