// A 2026-07-28 server (the v2 server package, tests/helpers/modern-server.mjs) in a live session:
// its list changes arrive on the subscriptions/listen stream mini-cc opens, also after a restart.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpManager } from "../../src/mcp/manager.ts";
import type { ServerState } from "../../src/mcp/state/server-state.ts";
import { MemoryApprovals, stdioServer, waitForSnapshot } from "../helpers/mcp-fixtures.ts";
import { NODE, ROOT } from "../helpers/cli-sandbox.ts";

const MODERN = join(ROOT, "tests/helpers/modern-server.mjs");
const logDir = mkdtempSync(join(tmpdir(), "modern-logs-"));
const manager = new McpManager({
  projectDir: process.cwd(),
  approvals: new MemoryApprovals(),
  logDir,
  env: process.env,
  interactive: false,
});

type Connected = Extract<ServerState, { status: "connected" }>;
const state = (): Connected | undefined => {
  const current = manager.getSnapshot().servers[0]?.state;
  return current?.status === "connected" ? current : undefined;
};
const toolNames = () => state()?.tools.map((tool) => tool.name) ?? [];

beforeAll(() => manager.start([stdioServer("modern", { command: NODE, args: [MODERN] })]), 20_000);
afterAll(() => manager.close());

describe("a 2026-07-28 session", () => {
  it("speaks 2026-07-28 and hears a tools list change through subscriptions/listen", async () => {
    expect(state()?.protocolVersion).toBe("2026-07-28");
    expect(await manager.call("modern", "add_tool", { name: "later" })).toMatchObject({
      content: [{ type: "text", text: "added later" }],
    });
    await waitForSnapshot(manager, () => toolNames().includes("later"));
    expect(await manager.call("modern", "later", {})).toMatchObject({ content: [{ type: "text", text: "added" }] });
  });

  it("listens again after a restart", async () => {
    await manager.restart("modern");
    await waitForSnapshot(manager, () => state() !== undefined && !toolNames().includes("later"));
    await manager.call("modern", "add_tool", { name: "again" });
    await waitForSnapshot(manager, () => toolNames().includes("again"));
  });
});
