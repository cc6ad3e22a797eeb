import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import type { ToolCallOptions } from "../../../src/mcp/connection/server-connection.ts";
import { runToolCall } from "../../../src/mcp/tools/call.ts";
import { ToolProgressStore, progressText, type ToolProgress } from "../../../src/mcp/tools/progress.ts";
import { toolMaxTotalTimeoutMs } from "../../../src/mcp/timeouts.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

/** A call that reports progress every `everyMs` until `doneMs`, then answers; it gives up when its signal aborts. */
function slowCall(clock: FakeClock, everyMs: number, doneMs: number) {
  let options: ToolCallOptions | undefined;
  const connection = {
    callTool: (_name: string, _args: Record<string, unknown>, call: ToolCallOptions) =>
      new Promise<CallToolResult>((resolve, reject) => {
        options = call;
        call.signal.addEventListener("abort", () => reject(call.signal.reason));
        let step = 0;
        const tick = () => {
          step++;
          if (step * everyMs >= doneMs) return resolve({ content: [{ type: "text", text: "done" }] });
          call.onProgress({ progress: step, total: doneMs / everyMs, message: `step ${step}` });
          clock.setTimeout(tick, everyMs);
        };
        clock.setTimeout(tick, everyMs);
      }),
  };
  return { connection, options: () => options };
}

async function run(clock: FakeClock, call: ReturnType<typeof slowCall>, limits: { timeoutMs: number; maxTotalTimeoutMs?: number }, seen: ToolProgress[] = []) {
  const result = runToolCall(call.connection, "slow", {}, { ...limits, maxChars: 1000, clock, onProgress: (p) => seen.push(p) });
  for (let i = 0; i < 100; i++) {
    await Promise.resolve();
    clock.advance(100);
  }
  return result;
}

describe("progress during a tool call", () => {
  it("sends a progress callback (so a token) and restarts the deadline on each notification", async () => {
    const clock = new FakeClock();
    const call = slowCall(clock, 800, 4000);
    const seen: ToolProgress[] = [];
    const result = await run(clock, call, { timeoutMs: 1000, maxTotalTimeoutMs: 10_000 }, seen);
    expect(result).toEqual({ content: [{ type: "text", text: "done" }], isError: false });
    expect(seen.map((p) => p.progress)).toEqual([1, 2, 3, 4]);
    // The SDK's own deadlines sit just past ours and also reset on progress.
    expect(call.options()).toMatchObject({ timeoutMs: 2000, maxTotalTimeoutMs: 11_000 });
  });

  it("times out between notifications after MCP_TOOL_TIMEOUT", async () => {
    const clock = new FakeClock();
    const result = await run(clock, slowCall(clock, 1500, 4000), { timeoutMs: 1000, maxTotalTimeoutMs: 10_000 });
    expect(result).toEqual({ content: "MCP tool slow timed out after 1s.", isError: true });
  });

  it("stops a call that keeps reporting progress at the total maximum", async () => {
    const clock = new FakeClock();
    const result = await run(clock, slowCall(clock, 500, 9000), { timeoutMs: 1000, maxTotalTimeoutMs: 2500 });
    expect(result).toEqual({ content: "MCP tool slow timed out after 2.5s in total (the most a call reporting progress may take).", isError: true });
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
