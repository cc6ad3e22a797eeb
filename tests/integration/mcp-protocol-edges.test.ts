// Our own SDK-built server (tests/helpers/mcp-protocol-server.mjs) for the edge
// cases server-everything does not reach: floods of progress and log messages,
// list_changed for resources and prompts, blobs, the task-only tool, the log level.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpManager } from "../../src/mcp/manager.ts";
import { expandPromptCommand } from "../../src/mcp/features/prompts.ts";
import { readResource } from "../../src/mcp/features/resources.ts";
import { serverLogPath } from "../../src/mcp/logs/stderr-log.ts";
import type { ServerState } from "../../src/mcp/state/server-state.ts";
import { MemoryApprovals, stdioServer, waitForSnapshot } from "../helpers/mcp-fixtures.ts";
import { NODE, ROOT } from "../helpers/cli-sandbox.ts";

const FIXTURE = join(ROOT, "tests/helpers/mcp-protocol-server.mjs");
const logDir = mkdtempSync(join(tmpdir(), "protocol-logs-"));
const env = { ...process.env, MCP_LOG_LEVEL: "warning" };
const manager = new McpManager({
  projectDir: process.cwd(),
  approvals: new MemoryApprovals(),
  logDir,
  env,
  interactive: false,
});

type Connected = Extract<ServerState, { status: "connected" }>;
const fixture = (): Connected => {
  const state = manager.getSnapshot().servers[0]?.state;
  if (state?.status !== "connected") throw new Error(`not connected: ${JSON.stringify(state)}`);
  return state;
};

beforeAll(() => manager.start([stdioServer("edge", { command: NODE, args: [FIXTURE] })]), 20_000);
afterAll(() => manager.close());

describe("protocol edge cases", () => {
  it("sends a progress token with every tool call", async () => {
    expect(await manager.call("edge", "work", { count: 0 })).toEqual({
      content: [{ type: "text", text: "worked 0; token present" }],
      isError: false,
    });
  });

  it("survives 10,000 progress notifications in one call, publishing only a few frames", async () => {
    let frames = 0;
    const stop = manager.progress.subscribe(() => frames++);
    const result = await manager.call("edge", "work", { count: 10_000, progress: true }, { progressKey: "flood" });
    stop();
    expect(result.content).toEqual([{ type: "text", text: "worked 10000; token present" }]);
    expect(frames).toBeLessThan(50);
    expect(manager.progress.getSnapshot().size).toBe(0);
  });

  it("asks for MCP_LOG_LEVEL, logs a flood to the file, and keeps only the recent warnings in the state", async () => {
    let updates = 0;
    const stop = manager.subscribe(() => updates++);
    await manager.call("edge", "flood_log", { count: 5, level: "info" }); // below the level we asked for: not sent
    await manager.call("edge", "flood_log", { count: 3000, level: "error" });
    await waitForSnapshot(manager, () => fixture().logWarnings?.at(-1)?.text === "message 3000");
    stop();
    expect(fixture().logWarnings).toHaveLength(20);
    expect(fixture().logWarnings?.[0]).toEqual({ level: "error", logger: "flood", text: "message 2981" });
    expect(updates).toBeLessThan(20);
    const log = readFileSync(serverLogPath(logDir, "edge"), "utf8");
    expect(log).toMatch(/^\S+Z \[error\] flood: message 3000$/m);
    expect(log).not.toContain("[info]");
  });

  it("refreshes resources and prompts on their list_changed notices", async () => {
    await manager.call("edge", "add_resource", { uri: "note://later" });
    await manager.call("edge", "add_prompt", { name: "later" });
    await waitForSnapshot(
      manager,
      () =>
        fixture().resources?.some((r) => r.uri === "note://later") === true &&
        fixture().prompts?.some((p) => p.name === "later") === true,
    );
  });

  it("reads a PNG blob as an image and another blob as a note with its type and size", async () => {
    expect((await readResource(manager, "edge", "note://png", env)).content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: expect.any(String) } },
    ]);
    expect((await readResource(manager, "edge", "note://zip", env)).content).toEqual([
      { type: "text", text: "[Resource note://zip (application/zip, 300 bytes): binary content not shown.]" },
    ]);
    expect(await readResource(manager, "nope", "note://zip", env)).toEqual({
      content: "Cannot read note://zip: no MCP server named nope.",
      isError: true,
    });
  });

  it("gives a prompt's user and assistant messages as the turn's blocks", async () => {
    expect(await expandPromptCommand("/mcp__edge__greet Ada style=formal", manager, env)).toEqual({
      blocks: [
        { type: "text", text: "Greet Ada in a formal style." },
        { type: "text", text: "(The prompt's assistant message:)" },
        { type: "text", text: "Sure." },
      ],
    });
  });

  it("offers the task-only tool: it is called as a task (issue 35)", () => {
    expect(manager.tools().map((tool) => tool.toolName)).toEqual([
      "work",
      "flood_log",
      "add_resource",
      "add_prompt",
      "task_only",
      "on_demand",
    ]);
    expect(fixture().skippedTools).toBeUndefined();
  });

  it("calls a task-only tool as a task, and one refused with -32003 naming tasks again as a task (2025-11-25)", async () => {
    expect(await manager.call("edge", "task_only", {})).toMatchObject({
      content: [{ type: "text", text: "task done" }],
      isError: false,
    });
    expect(await manager.call("edge", "on_demand", {})).toMatchObject({
      content: [{ type: "text", text: "task done" }],
      isError: false,
    });
  });
});
