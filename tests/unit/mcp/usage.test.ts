import { describe, expect, it } from "vitest";
import { medianMs, ToolUsageStore, USAGE_SAMPLES, usageOf } from "../../../src/mcp/tools/usage.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

describe("the tool usage store", () => {
  it("counts each server's tool calls, errors, max and median latency, keeping a bounded sample", () => {
    const store = new ToolUsageStore(new FakeClock());
    for (const [ms, isError] of [
      [10, false],
      [30, true],
      [20, false],
    ] as const)
      store.record("a", "echo", ms, isError);
    const usage = usageOf(store.getSnapshot(), "a")["echo"];
    expect(usage).toMatchObject({ calls: 3, errors: 1, maxMs: 30 });
    expect(medianMs(usage!)).toBe(20);
    for (let i = 0; i < USAGE_SAMPLES + 10; i++) store.record("a", "echo", i, false);
    expect(usageOf(store.getSnapshot(), "a")["echo"]?.recentMs).toEqual(
      Array.from({ length: USAGE_SAMPLES }, (_, i) => i + 10),
    );
    expect(usageOf(store.getSnapshot(), "a")["echo"]?.calls).toBe(3 + USAGE_SAMPLES + 10);
    expect(usageOf(store.getSnapshot(), "b")).toEqual({});
  });

  it("tells its listeners once a frame however many calls end, and at once when cleared", () => {
    const clock = new FakeClock();
    const store = new ToolUsageStore(clock);
    const told: number[] = [];
    store.subscribe((next) => told.push(next.get("a")?.["echo"]?.calls ?? 0));
    for (let i = 0; i < 50; i++) store.record("a", "echo", 1, false);
    expect(told).toEqual([]);
    clock.advance(33);
    expect(told).toEqual([50]);
    const snapshot = store.getSnapshot();
    expect(store.getSnapshot()).toBe(snapshot);
    store.clear();
    store.clear();
    expect([told, store.getSnapshot().size]).toEqual([[50, 0], 0]);
  });
});
