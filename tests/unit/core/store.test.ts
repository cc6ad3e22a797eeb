import { describe, expect, it } from "vitest";
import { Store } from "../../../src/store.ts";

describe("Store", () => {
  it("notifies listeners with (next, prev) and skips no-op updates", () => {
    const store = new Store({ n: 1 });
    const calls: Array<[number, number]> = [];
    const unsubscribe = store.subscribe((next, prev) => calls.push([next.n, prev.n]));
    const first = store.getSnapshot();
    store.update((s) => s);
    expect(store.getSnapshot()).toBe(first);
    store.update((s) => ({ n: s.n + 1 }));
    unsubscribe();
    store.update((s) => ({ n: s.n + 1 }));
    expect(calls).toEqual([[2, 1]]);
    expect(store.getSnapshot().n).toBe(3);
  });
});
