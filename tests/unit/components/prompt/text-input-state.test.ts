import { describe, expect, it } from "vitest";
import {
  EMPTY_INPUT,
  onFirstLine,
  onLastLine,
  reduceTextInput,
  type TextInputAction,
  type TextInputState,
} from "../../../../components/prompt/text-input-state.ts";

const apply = (state: TextInputState, ...actions: TextInputAction[]) => actions.reduce(reduceTextInput, state);
const at = (value: string, cursor = value.length): TextInputState => ({ value, cursor });

describe("reduceTextInput", () => {
  it("inserts at the cursor and moves it past the text", () => {
    expect(apply(at("fix", 0), { type: "insert", text: "please " })).toEqual(at("please fix", 7));
  });

  it("keeps pasted line breaks, every kind stored as a newline", () => {
    expect(apply(EMPTY_INPUT, { type: "insert", text: "a\r\nb\nc\rd" })).toEqual(at("a\nb\nc\nd"));
  });

  it("never inserts a control character or an escape sequence: a tab becomes spaces, the rest is dropped", () => {
    expect(apply(EMPTY_INPUT, { type: "insert", text: "a\u0015\u0015b" })).toEqual(at("ab"));
    expect(apply(EMPTY_INPUT, { type: "insert", text: "\u001b[31mred\u001b[0m\u0007 \u009b\u007f" })).toEqual(
      at("red "),
    );
    expect(apply(EMPTY_INPUT, { type: "insert", text: "if x:\n\treturn" })).toEqual(at("if x:\n    return"));
    const start = at("ab", 1);
    expect(reduceTextInput(start, { type: "insert", text: "\u0000\u001b" })).toBe(start);
  });

  it("moves and deletes by words", () => {
    expect(apply(at("fix the  bug", 12), { type: "word-left" })).toEqual(at("fix the  bug", 9));
    expect(apply(at("fix the  bug", 9), { type: "word-left" })).toEqual(at("fix the  bug", 4));
    expect(apply(at("fix the  bug", 0), { type: "word-right" })).toEqual(at("fix the  bug", 3));
    expect(apply(at("fix the  bug", 3), { type: "word-right" })).toEqual(at("fix the  bug", 7));
    expect(apply(at("fix the  bug", 3), { type: "delete-word-forward" })).toEqual(at("fix  bug", 3));
    const end = at("fix", 3);
    expect(reduceTextInput(end, { type: "word-right" })).toBe(end);
    expect(reduceTextInput(end, { type: "delete-word-forward" })).toBe(end);
  });

  it("deletes backwards and forwards around the cursor", () => {
    expect(apply(at("abc", 2), { type: "backspace" })).toEqual(at("ac", 1));
    expect(apply(at("abc", 1), { type: "delete" })).toEqual(at("ac", 1));
  });

  it("moves left, right, home and end", () => {
    expect(apply(at("abc"), { type: "left" }, { type: "left" })).toEqual(at("abc", 1));
    expect(apply(at("abc", 1), { type: "right" })).toEqual(at("abc", 2));
    expect(apply(at("abc", 1), { type: "home" })).toEqual(at("abc", 0));
    expect(apply(at("abc", 1), { type: "end" })).toEqual(at("abc", 3));
  });

  it("steps over a character outside the BMP as one", () => {
    expect(apply(at("a😀"), { type: "left" })).toEqual(at("a😀", 1));
    expect(apply(at("a😀"), { type: "backspace" })).toEqual(at("a", 1));
  });

  it("deletes the word before the cursor, then the line before and after it", () => {
    expect(apply(at("fix the bug  "), { type: "delete-word" })).toEqual(at("fix the ", 8));
    expect(apply(at("fix the bug", 4), { type: "delete-to-start" })).toEqual(at("the bug", 0));
    expect(apply(at("fix the bug", 3), { type: "delete-to-end" })).toEqual(at("fix", 3));
  });

  it("returns the same state when nothing changes", () => {
    const start = at("abc", 0);
    for (const type of ["backspace", "left", "home", "delete-word", "delete-to-start"] as const) {
      expect(reduceTextInput(start, { type })).toBe(start);
    }
    expect(reduceTextInput(EMPTY_INPUT, { type: "reset" })).toBe(EMPTY_INPUT);
  });

  it("moves up and down a line keeping the column, or to a shorter line's end", () => {
    expect(apply(at("abcd\nxy\nabcd", 11), { type: "up" })).toEqual(at("abcd\nxy\nabcd", 7));
    expect(apply(at("abcd\nxy\nabcd", 7), { type: "up" })).toEqual(at("abcd\nxy\nabcd", 2));
    expect(apply(at("abcd\nxy\nabcd", 3), { type: "down" })).toEqual(at("abcd\nxy\nabcd", 7));
    expect(apply(at("\nabc", 3), { type: "up" })).toEqual(at("\nabc", 0));
  });

  it("does not move up on the first line or down on the last", () => {
    const first = at("ab\ncd", 1);
    const last = at("ab\ncd", 4);
    expect(reduceTextInput(first, { type: "up" })).toBe(first);
    expect(reduceTextInput(last, { type: "down" })).toBe(last);
  });

  it("tells whether the cursor is on the first or the last line", () => {
    expect([onFirstLine(at("ab\ncd", 2)), onLastLine(at("ab\ncd", 2))]).toEqual([true, false]);
    expect([onFirstLine(at("ab\ncd", 3)), onLastLine(at("ab\ncd", 3))]).toEqual([false, true]);
    expect([onFirstLine(at("\nab", 0)), onLastLine(at("ab", 0))]).toEqual([true, true]);
  });

  it("replaces the value with the cursor at its end", () => {
    expect(apply(at("draft", 2), { type: "set", value: "fix BUG-101" })).toEqual(at("fix BUG-101"));
  });
});
