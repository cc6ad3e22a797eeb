import { describe, expect, it } from "vitest";
import { reduceScroll } from "../../../components/transcript/transcript-scroll.ts";

describe("reduceScroll", () => {
  it("scrolls up from the newest item, and no further than the first", () => {
    expect(reduceScroll(null, { type: "up", by: 4, length: 10 })).toBe(6);
    expect(reduceScroll(6, { type: "up", by: 4, length: 10 })).toBe(2);
    expect(reduceScroll(2, { type: "up", by: 4, length: 10 })).toBe(1);
    const top = 1;
    expect(reduceScroll(top, { type: "up", by: 4, length: 10 })).toBe(top);
  });

  it("follows the newest item again once scrolled down past it", () => {
    expect(reduceScroll(2, { type: "down", by: 4, length: 10 })).toBe(6);
    expect(reduceScroll(6, { type: "down", by: 4, length: 10 })).toBeNull();
    expect(reduceScroll(null, { type: "down", by: 4, length: 10 })).toBeNull();
  });

  it("has nothing to scroll with one item or none, and jumps back to the newest on bottom", () => {
    expect(reduceScroll(null, { type: "up", by: 4, length: 1 })).toBeNull();
    expect(reduceScroll(3, { type: "bottom" })).toBeNull();
  });
});
