import { describe, expect, it } from "vitest";
import {
  initialApprovalState,
  reduceApproval,
  refusalText,
  type ApprovalAction,
} from "../../../../components/approval/approval-state.ts";

const apply = (...actions: ApprovalAction[]) => actions.reduce(reduceApproval, initialApprovalState(3));

describe("reduceApproval", () => {
  it("moves the focus and wraps at both ends", () => {
    expect(apply({ type: "move", delta: 1 }).focus).toBe(1);
    expect(apply({ type: "move", delta: -1 }).focus).toBe(2);
    expect(apply({ type: "move", delta: 1 }, { type: "move", delta: 1 }, { type: "move", delta: 1 }).focus).toBe(0);
  });

  it("focuses a choice by index and ignores one out of range", () => {
    expect(apply({ type: "focus", index: 2 }).focus).toBe(2);
    expect(apply({ type: "focus", index: 3 }).focus).toBe(0);
  });

  it("edits the message only while typing, and keeps the focus fixed then", () => {
    const typed = apply(
      { type: "focus", index: 2 },
      { type: "start-message" },
      { type: "edit", action: { type: "insert", text: "no" } },
      { type: "move", delta: 1 },
    );
    expect(typed).toEqual({ count: 3, disabled: [], focus: 2, typing: true, message: { value: "no", cursor: 2 } });
    expect(apply({ type: "edit", action: { type: "insert", text: "no" } }).message.value).toBe("");
  });

  it("never focuses a disabled choice, and preselects nothing beside one: moves start from either end, skipping it", () => {
    const start = initialApprovalState(4, [true, false, false, false]);
    expect(start.focus).toBe(-1);
    expect(reduceApproval(start, { type: "move", delta: 1 }).focus).toBe(1);
    expect(reduceApproval(start, { type: "move", delta: -1 }).focus).toBe(3);
    expect(reduceApproval({ ...start, focus: 3 }, { type: "move", delta: 1 }).focus).toBe(1);
    expect(reduceApproval(start, { type: "focus", index: 0 })).toBe(start);
  });

  it("remembers a refused choice to say why, until the highlight moves", () => {
    const refused = reduceApproval(initialApprovalState(4, [true, false, false, false]), { type: "refuse", index: 0 });
    expect(refused.refused).toBe(0);
    expect(refusalText(0, "unavailable: no bwrap")).toBe("Choice 1 cannot be taken: unavailable: no bwrap.");
    expect(reduceApproval(refused, { type: "move", delta: 1 })).toEqual({
      ...initialApprovalState(4, [true, false, false, false]),
      focus: 1,
    });
  });

  it("starts on the choice asked for (a picker's current one) when it is available, else the first (none beside a disabled one)", () => {
    expect(initialApprovalState(4, [], 2).focus).toBe(2);
    expect(initialApprovalState(4, [true, false, true, false], 2).focus).toBe(-1);
    expect(initialApprovalState(4, [], 9).focus).toBe(0);
  });

  it("goes back to the list from the message field", () => {
    expect(apply({ type: "start-message" }, { type: "stop-message" }).typing).toBe(false);
  });
});
