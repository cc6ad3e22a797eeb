import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { ServerConnection } from "../../../src/mcp/connection/server-connection.ts";
import type { CallOutcome } from "../../../src/mcp/connection/call-outcome.ts";
import { callResult } from "../../../src/mcp/tools/call-result.ts";
import { ToolProgressStore, progressText, type ToolProgress } from "../../../src/mcp/tools/progress.ts";
import { toolMaxTotalTimeoutMs } from "../../../src/mcp/timeouts.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

/** A server whose `slow` tool reports progress every `everyMs` on `clock` until `doneMs`, then answers. */
function slowServer(clock: FakeClock, everyMs: number, doneMs: number): McpServer {
  const server = new McpServer({ name: "slow", version: "1.0.0" });
  server.registerTool(
    "slow",
    { description: "slow" },
    (extra) =>
      new Promise((resolve) => {
        let step = 0;
        const token = extra._meta?.progressToken;
        const tick = () => {
          step++;
          if (step * everyMs >= doneMs) return resolve({ content: [{ type: "text", text: "done" }] });
          if (token !== undefined)
            void extra.sendNotification({
              method: "notifications/progress",
              params: { progressToken: token, progress: step, total: doneMs / everyMs, message: `step ${step}` },
            });
          clock.setTimeout(tick, everyMs);
        };
        clock.setTimeout(tick, everyMs);
      }),
  );
  return server;
}

/** A live session with the slow server, on the fake clock. */
async function slowSession(clock: FakeClock, everyMs: number, doneMs: number): Promise<ServerConnection> {
  const [client, server] = InMemoryTransport.createLinkedPair();
  await slowServer(clock, everyMs, doneMs).connect(server);
  const connection = new ServerConnection({
    transport: client,
    clock,
    stderrReason: async () => "",
    onLost: () => {},
    onToolsChanged: () => {},
  });
  await connection.open(10_000);
  return connection;
}

/** Calls `slow` and moves the clock on in 100 ms steps, letting messages through between them. */
async function run(
  clock: FakeClock,
  connection: ServerConnection,
  limits: { timeoutMs: number; maxTotalTimeoutMs: number },
  seen: ToolProgress[] = [],
): Promise<CallOutcome> {
  let outcome: CallOutcome | undefined;
  void connection.callTool("slow", {}, { ...limits, onProgress: (p) => seen.push(p) }).then((o) => (outcome = o));
  for (let i = 0; i < 200 && outcome === undefined; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(100);
  }
  await connection.close();
  return outcome ?? { kind: "failed", error: "never ended" };
}

const words = (outcome: CallOutcome) => callResult("slow", outcome, { maxChars: 1000 });

describe("progress during a tool call", () => {
  it("restarts the deadline on each notification and hands each one on", async () => {
    const clock = new FakeClock();
    const seen: ToolProgress[] = [];
    const outcome = await run(
      clock,
      await slowSession(clock, 800, 4000),
      { timeoutMs: 1000, maxTotalTimeoutMs: 10_000 },
      seen,
    );
    expect(await words(outcome)).toEqual({ content: [{ type: "text", text: "done" }], isError: false });
    expect(seen.map((p) => p.progress)).toEqual([1, 2, 3, 4]);
  });

  it("times out between notifications after MCP_TOOL_TIMEOUT", async () => {
    const clock = new FakeClock();
    const outcome = await run(clock, await slowSession(clock, 1500, 4000), {
      timeoutMs: 1000,
      maxTotalTimeoutMs: 10_000,
    });
    expect(outcome).toEqual({ kind: "timeout", afterMs: 1000, capped: false });
    expect(await words(outcome)).toEqual({ content: "MCP tool slow timed out after 1s.", isError: true });
  });

  it("stops a call that keeps reporting progress at the total maximum", async () => {
    const clock = new FakeClock();
    const outcome = await run(clock, await slowSession(clock, 500, 9000), { timeoutMs: 1000, maxTotalTimeoutMs: 2500 });
    expect(outcome).toEqual({ kind: "timeout", afterMs: 2500, capped: true });
    expect(await words(outcome)).toEqual({
      content: "MCP tool slow timed out after 2.5s in total (the most a call reporting progress may take).",
      isError: true,
    });
  });

  it("is cancelled by the caller's abort, before or during the call", async () => {
    const clock = new FakeClock();
    const connection = await slowSession(clock, 500, 9000);
    expect(
      await connection.callTool("slow", {}, { signal: AbortSignal.abort(), timeoutMs: 1000, maxTotalTimeoutMs: 1000 }),
    ).toEqual({ kind: "cancelled" });
    const controller = new AbortController();
    const during = connection.callTool(
      "slow",
      {},
      { signal: controller.signal, timeoutMs: 1000, maxTotalTimeoutMs: 1000 },
    );
    controller.abort();
    expect(await during).toEqual({ kind: "cancelled" });
    expect(clock.pending().length).toBeLessThanOrEqual(1); // only the server's own tick: the call's deadline is gone
    await connection.close();
  });

  it("reads the total maximum from MCP_TOOL_MAX_TOTAL_TIMEOUT, never below the call timeout, one hour by default", () => {
    expect(toolMaxTotalTimeoutMs({ MCP_TOOL_MAX_TOTAL_TIMEOUT: "5000" }, 1000)).toBe(5000);
    expect(toolMaxTotalTimeoutMs({ MCP_TOOL_MAX_TOTAL_TIMEOUT: "5000" }, 9000)).toBe(9000);
    expect(toolMaxTotalTimeoutMs({}, 1000)).toBe(3_600_000);
  });
});

describe("ToolProgressStore", () => {
  it("publishes a flood of notifications once a frame, the latest winning", () => {
    const clock = new FakeClock();
    const store = new ToolProgressStore(clock, 33);
    let published = 0;
    store.subscribe(() => published++);
    for (let i = 1; i <= 10_000; i++) store.report("call", { progress: i, total: 10_000 });
    expect(published).toBe(0);
    clock.advance(33);
    expect(published).toBe(1);
    expect(store.getSnapshot().get("call")).toEqual({ progress: 10_000, total: 10_000 });
    store.finish("call");
    expect(store.getSnapshot().has("call")).toBe(false);
  });

  it("draws a bar with a known total, else the message, else the count", () => {
    expect(progressText({ progress: 3, total: 10, message: "copying" })).toBe("███░░░░░░░ 3/10 copying");
    expect(progressText({ progress: 3, message: "copying" })).toBe("copying");
    expect(progressText({ progress: 3 })).toBe("3");
  });
});
