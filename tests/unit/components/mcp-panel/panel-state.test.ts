import { describe, expect, it } from "vitest";
import {
  CLOSED_PANEL,
  clampSelection,
  isOpen,
  reduceMcpPanel,
  TO_END,
} from "../../../../components/mcp-panel/panel-state.ts";

describe("reduceMcpPanel", () => {
  it("focuses, moves within the servers, opens, closes and gives the keys back", () => {
    let state = reduceMcpPanel(CLOSED_PANEL, { type: "focus" });
    expect(state.focused).toBe(true);
    state = reduceMcpPanel(state, { type: "move", delta: -1, count: 3 });
    expect(state.selected).toBe(0);
    state = reduceMcpPanel(
      reduceMcpPanel(reduceMcpPanel(state, { type: "move", delta: 1, count: 3 }), { type: "move", delta: 1, count: 3 }),
      { type: "move", delta: 1, count: 3 },
    );
    expect(state.selected).toBe(2);
    state = reduceMcpPanel(state, { type: "open", name: "c" });
    expect(state).toMatchObject({ focused: true, opened: "c", scroll: 0 });
    state = reduceMcpPanel(state, { type: "scroll", delta: 5, maxScroll: 3 });
    expect(state.scroll).toBe(3);
    state = reduceMcpPanel(state, { type: "close" });
    expect(state).toMatchObject({ focused: true, opened: undefined, scroll: 0, selected: 2 });
    state = reduceMcpPanel(state, { type: "blur" });
    expect(state.focused).toBe(false);
  });

  it("opens a background task at its output's end, closes it back to the list, and an opened server gives way to it", () => {
    let state = reduceMcpPanel(CLOSED_PANEL, { type: "open", name: "tracker" });
    state = reduceMcpPanel(state, { type: "open-task", id: "b2" });
    expect(state).toMatchObject({ focused: true, opened: undefined, openedTask: "b2", scroll: TO_END });
    expect(isOpen(state)).toBe(true);
    state = reduceMcpPanel(state, { type: "scroll", delta: -2, maxScroll: 10 });
    expect(state.scroll).toBe(8);
    state = reduceMcpPanel(state, { type: "close" });
    expect(state).toMatchObject({ focused: true, openedTask: undefined, scroll: 0 });
    expect(isOpen(state)).toBe(false);
    state = reduceMcpPanel(reduceMcpPanel(state, { type: "open-task", id: "b1" }), { type: "blur" });
    expect(state).toMatchObject({ focused: false, openedTask: undefined });
  });

  it("returns the same state for a no-op, and clamps a selection past servers that went away", () => {
    expect(reduceMcpPanel(CLOSED_PANEL, { type: "blur" })).toBe(CLOSED_PANEL);
    expect(reduceMcpPanel(CLOSED_PANEL, { type: "close" })).toBe(CLOSED_PANEL);
    expect(reduceMcpPanel(CLOSED_PANEL, { type: "move", delta: 1, count: 0 })).toBe(CLOSED_PANEL);
    expect(clampSelection({ ...CLOSED_PANEL, selected: 7 }, 3)).toBe(2);
  });
});
