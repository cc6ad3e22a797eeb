import { describe, expect, it } from "vitest";
import {
  FOLLOWING,
  reduceScroll,
  scrollWindow,
  type ScrollAction,
  type ScrollTop,
} from "../../../../components/transcript/scroll.ts";
import { wheelLines } from "../../../../components/transcript/wheel.ts";

/** An 80-line answer and what came before it: 100 rows, 20 on screen. */
const metrics = { total: 100, viewport: 20 };
const run = (top: ScrollTop, ...actions: ScrollAction[]): ScrollTop => actions.reduce(reduceScroll, top);

describe("reduceScroll", () => {
  it("follows the newest rows until the user scrolls", () => {
    expect(scrollWindow(FOLLOWING, metrics)).toEqual({ start: 80, end: 100, below: 0 });
  });

  it("moves back a screenful of rows with PgUp, and forward with PgDn until following again", () => {
    const up = run(FOLLOWING, { type: "page-up", ...metrics });
    expect(up).toBe(60);
    expect(scrollWindow(up, metrics)).toEqual({ start: 60, end: 80, below: 20 });
    expect(run(up, { type: "page-down", ...metrics })).toBe(FOLLOWING);
    expect(run(up, { type: "page-up", ...metrics }, { type: "page-down", ...metrics })).toBe(60);
  });

  it("reaches every row from the newest to the first with PgUp, and back with PgDn", () => {
    const seen = new Set<number>();
    let top: ScrollTop = FOLLOWING;
    for (let i = 0; i < 10; i++) {
      const { start, end } = scrollWindow(top, metrics);
      for (let row = start; row < end; row++) seen.add(row);
      top = reduceScroll(top, { type: "page-up", ...metrics });
    }
    expect(top).toBe(0);
    expect(seen.size).toBe(100);
    for (let i = 0; i < 10; i++) top = reduceScroll(top, { type: "page-down", ...metrics });
    expect(top).toBe(FOLLOWING);
  });

  it("jumps to the first row with Home and back to following with End", () => {
    expect(run(FOLLOWING, { type: "home", ...metrics })).toBe(0);
    expect(run(0, { type: "end" })).toBe(FOLLOWING);
  });

  it("moves by lines for the wheel, never before the first row, following again at the bottom", () => {
    expect(run(FOLLOWING, { type: "lines", by: -3, ...metrics })).toBe(77);
    expect(run(2, { type: "lines", by: -3, ...metrics })).toBe(0);
    expect(run(77, { type: "lines", by: 3, ...metrics })).toBe(FOLLOWING);
    expect(run(FOLLOWING, { type: "lines", by: 3, ...metrics })).toBe(FOLLOWING);
  });

  it("keeps the view where it is when new rows arrive while scrolled back", () => {
    const top = run(FOLLOWING, { type: "page-up", ...metrics });
    expect(scrollWindow(top, { total: 130, viewport: 20 })).toEqual({ start: 60, end: 80, below: 50 });
  });

  it("does not move when everything fits on the screen", () => {
    expect(run(FOLLOWING, { type: "page-up", total: 10, viewport: 20 })).toBe(FOLLOWING);
    expect(run(FOLLOWING, { type: "home", total: 10, viewport: 20 })).toBe(FOLLOWING);
  });

  it("pulls a pinned top back when the transcript got shorter (cleared, or re-wrapped wider)", () => {
    expect(scrollWindow(60, { total: 30, viewport: 20 })).toEqual({ start: 10, end: 30, below: 0 });
    expect(scrollWindow(60, { total: 0, viewport: 20 })).toEqual({ start: 0, end: 0, below: 0 });
  });
});

describe("wheelLines", () => {
  it("reads SGR wheel reports, three lines a notch, with modifiers; clicks and keys are not the wheel", () => {
    expect(wheelLines("\u001b[<64;10;5M")).toBe(-3);
    expect(wheelLines("\u001b[<65;10;5M\u001b[<65;10;5M")).toBe(6);
    expect(wheelLines("\u001b[<80;1;1M")).toBe(-3); // Ctrl+wheel up
    expect(wheelLines("\u001b[<0;10;5M\u001b[<0;10;5m")).toBe(0);
    expect(wheelLines("\u001b[5~ hello")).toBe(0);
  });
});
