import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerConfig, StdioEntry } from "../../src/config/types.ts";
import { McpManager } from "../../src/mcp/manager.ts";
import { askingHandlers } from "../../src/mcp/requests/server-requests.ts";
import { ServerRequestQueue } from "../../components/runtime/server-request-queue.ts";
import { ScriptedModel } from "../../src/model/scripted-model.ts";
import { eventually } from "../helpers/tui-screen.ts";

// A real server that floods its client with elicitations from inside a tool call and ends the call
// without waiting: the questions still queued when the call ends are declined, not left as modals.

const ASKER = resolve(import.meta.dirname, "../helpers/elicit-sampling-server.mjs");
let manager: McpManager | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await manager?.close();
  manager = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("server questions left behind by a tool call", () => {
  it("are declined when the call that caused them ends", async () => {
    const queue = new ServerRequestQueue();
    const shown: number[] = [];
    queue.subscribe((next) => shown.push(next.pending.length));
    const logDir = mkdtempSync(join(tmpdir(), "mini-cc-flood-"));
    dirs.push(logDir);
    manager = new McpManager({
      projectDir: process.cwd(),
      approvals: { status: async () => "approved", previous: async () => undefined, approve: async () => {} },
      logDir,
      env: process.env,
      interactive: true,
      serverRequests: askingHandlers({
        model: new ScriptedModel({ responses: [] }),
        ask: queue.ask,
        openUrl: async () => ({ kind: "opened", via: "test" }),
        log: () => {},
        callStarted: queue.callStarted,
      }),
    });
    const entry: StdioEntry = { command: process.execPath, args: [ASKER] };
    const server: ServerConfig = { name: "asker", source: "user", file: "test", entry, resolved: entry };
    await manager.start([server]);
    const result = await manager.call("asker", "ask_flood", { count: 40 });
    expect(result).toMatchObject({ isError: false });
    expect(Math.max(...shown)).toBeGreaterThan(10);
    await eventually(() => expect(queue.getSnapshot().pending).toEqual([]));
  });
});
