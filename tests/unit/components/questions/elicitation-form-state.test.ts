import { describe, expect, it } from "vitest";
import {
  focusedButton,
  initialFormState,
  reduceElicitationForm,
  shownError,
  type ElicitationFormAction,
  type ElicitationFormState,
} from "../../../../components/questions/elicitation-form-state.ts";
import { readElicitRequest, type ElicitField } from "../../../../src/mcp/requests/elicitation.ts";
import { visibleRange } from "../../../../components/questions/form-window.ts";

function fieldsOf(properties: Record<string, unknown>, required: string[] = []): readonly ElicitField[] {
  const view = readElicitRequest({ message: "", requestedSchema: { type: "object", properties, required } });
  if (view.kind !== "form") throw new Error("not a form");
  return view.fields;
}

const run = (state: ElicitationFormState, ...actions: ElicitationFormAction[]) =>
  actions.reduce(reduceElicitationForm, state);
const type = (text: string): ElicitationFormAction => ({ type: "edit", action: { type: "insert", text } });

describe("elicitation form state", () => {
  const fields = fieldsOf(
    {
      name: { type: "string", minLength: 2 },
      on: { type: "boolean" },
      color: {
        type: "string",
        oneOf: [
          { const: "r", title: "Red" },
          { const: "g", title: "Green" },
        ],
      },
      tags: { type: "array", items: { type: "string", enum: ["a", "b", "c"] } },
    },
    ["name"],
  );

  it("edits text, shows its error once typed, moves through fields and the three buttons, wrapping", () => {
    const typed = run(initialFormState(fields), type("A"));
    expect(typed.values.name).toBe("A");
    expect(shownError(typed, fields[0]!)).toBe("at least 2 characters");
    const moved = run(typed, { type: "move", delta: 4 });
    expect(focusedButton(moved)).toBe("Accept");
    expect(focusedButton(run(moved, { type: "move", delta: 3 }))).toBeUndefined();
    expect(run(moved, { type: "move", delta: 3 }).focus).toBe(0);
  });

  it("does not show a required field's error before the user leaves it", () => {
    const state = initialFormState(fields);
    expect(shownError(state, fields[0]!)).toBeUndefined();
    expect(shownError(run(state, { type: "move", delta: 1 }), fields[0]!)).toBe("required");
  });

  it("keeps a text field on one line: a pasted line break becomes a space", () => {
    expect(run(initialFormState(fields), type("a\nb")).values.name).toBe("a b");
  });

  it("toggles a boolean with Space or ←/→", () => {
    const state = run(initialFormState(fields), { type: "move", delta: 1 });
    expect(run(state, { type: "toggle" }).values.on).toBe(true);
    expect(run(state, { type: "option", delta: 1 }, { type: "option", delta: 1 }).values.on).toBe(false);
  });

  it("picks an enum option: the first ←/→ takes the one under the cursor, then moves", () => {
    const state = run(initialFormState(fields), { type: "move", delta: 2 });
    expect(run(state, { type: "option", delta: 1 }).values.color).toBe("r");
    expect(run(state, { type: "option", delta: 1 }, { type: "option", delta: 1 }).values.color).toBe("g");
    expect(run(state, { type: "option", delta: -1 }, { type: "option", delta: -1 }).values.color).toBe("g");
  });

  it("toggles multi-select options under the cursor, keeping the schema's order", () => {
    const state = run(initialFormState(fields), { type: "move", delta: 3 });
    const picked = run(
      state,
      { type: "option", delta: 2 },
      { type: "toggle" },
      { type: "option", delta: -2 },
      { type: "toggle" },
    );
    expect(picked.values.tags).toEqual(["a", "c"]);
    expect(run(picked, { type: "toggle" }).values.tags).toEqual(["c"]);
  });

  it("a refused Accept shows every error and focuses the first invalid field", () => {
    const state = run(initialFormState(fields), { type: "move", delta: 4 }, { type: "show-errors" });
    expect(state.focus).toBe(0);
    expect(shownError(state, fields[0]!)).toBe("required");
  });
});

describe("visibleRange", () => {
  const rows = (owners: number[], cursorAt = -1) =>
    owners.map((owner, i) => ({ owner, ...(i === cursorAt ? { cursor: true } : {}) }));

  it("shows everything that fits", () => {
    expect(visibleRange(rows([0, 0, 1, 1]), 1, 4)).toEqual({ start: 0, end: 4 });
  });

  it("ends at the focused field's last row, or starts at its first when it is above", () => {
    const list = rows([-1, 0, 0, 1, 1, 2, 2, 3]);
    expect(visibleRange(list, 2, 3)).toEqual({ start: 4, end: 7 });
    expect(visibleRange(list, 0, 3)).toEqual({ start: 0, end: 3 });
  });

  it("keeps the cursor's option in view when one field is taller than the room", () => {
    // Field 1: a label and 20 options, the cursor on the 15th (row 16).
    const list = rows([0, 1, ...Array<number>(20).fill(1), 2], 16);
    const { start, end } = visibleRange(list, 1, 6);
    expect(start <= 16 && 16 < end).toBe(true);
    expect(end - start).toBe(6);
  });
});
