import { describe, expect, it } from "vitest";
import { medianMs, ToolUsageStore, USAGE_SAMPLES, usageOf } from "../../../src/mcp/tools/usage.ts";

describe("the tool usage store", () => {
  it("counts each server's tool calls, errors, max and median latency, keeping a bounded sample", () => {
    const store = new ToolUsageStore();
    for (const [ms, isError] of [[10, false], [30, true], [20, false]] as const) store.record("a", "echo", ms, isError);
    const usage = usageOf(store.getSnapshot(), "a")["echo"];
    expect(usage).toMatchObject({ calls: 3, errors: 1, maxMs: 30 });
    expect(medianMs(usage!)).toBe(20);
    for (let i = 0; i < USAGE_SAMPLES + 10; i++) store.record("a", "echo", 1, false);
    expect(usageOf(store.getSnapshot(), "a")["echo"]?.recentMs).toHaveLength(USAGE_SAMPLES);
    expect(usageOf(store.getSnapshot(), "a")["echo"]?.calls).toBe(3 + USAGE_SAMPLES + 10);
    expect(usageOf(store.getSnapshot(), "b")).toEqual({});
  });

  it("forgets every figure on clear, and tells nobody when there was none", () => {
    const store = new ToolUsageStore();
    let told = 0;
    store.subscribe(() => told++);
    store.clear();
    store.record("a", "echo", 1, false);
    store.clear();
    expect([told, store.getSnapshot().size]).toEqual([2, 0]);
  });
});
