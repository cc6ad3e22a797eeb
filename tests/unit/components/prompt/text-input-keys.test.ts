import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { readTypedChunk, textInputActionFor } from "../../../../components/prompt/text-input-keys.ts";
import { EMPTY_INPUT, reduceTextInput, type TextInputState } from "../../../../components/prompt/text-input-state.ts";

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};
const key = (over: Partial<Key>): Key => ({ ...NO_KEY, ...over });

describe("textInputActionFor", () => {
  it("inserts typed and pasted text", () => {
    expect(textInputActionFor("hé", NO_KEY)).toEqual({ type: "insert", text: "hé" });
  });

  it("maps arrows, backspace and delete", () => {
    expect(textInputActionFor("", key({ leftArrow: true }))).toEqual({ type: "left" });
    expect(textInputActionFor("", key({ backspace: true }))).toEqual({ type: "backspace" });
    expect(textInputActionFor("", key({ backspace: true, meta: true }))).toEqual({ type: "delete-word" });
    expect(textInputActionFor("", key({ delete: true }))).toEqual({ type: "delete" });
  });

  it("maps the readline control keys", () => {
    expect(textInputActionFor("a", key({ ctrl: true }))).toEqual({ type: "home" });
    expect(textInputActionFor("e", key({ ctrl: true }))).toEqual({ type: "end" });
    expect(textInputActionFor("w", key({ ctrl: true }))).toEqual({ type: "delete-word" });
    expect(textInputActionFor("u", key({ ctrl: true }))).toEqual({ type: "delete-to-start" });
    expect(textInputActionFor("k", key({ ctrl: true }))).toEqual({ type: "delete-to-end" });
  });

  it("maps Alt+B/F/D, Alt+Backspace and Ctrl/Alt+arrows to word edits", () => {
    expect(textInputActionFor("b", key({ meta: true }))).toEqual({ type: "word-left" });
    expect(textInputActionFor("f", key({ meta: true }))).toEqual({ type: "word-right" });
    expect(textInputActionFor("d", key({ meta: true }))).toEqual({ type: "delete-word-forward" });
    expect(textInputActionFor("", key({ leftArrow: true, ctrl: true }))).toEqual({ type: "word-left" });
    expect(textInputActionFor("", key({ rightArrow: true, meta: true }))).toEqual({ type: "word-right" });
    expect(textInputActionFor("x", key({ meta: true }))).toBeNull();
  });

  it("leaves Enter, Esc, Tab, up/down and other control keys to the caller", () => {
    for (const over of [{ return: true }, { escape: true }, { tab: true }, { upArrow: true }, { downArrow: true }]) {
      expect(textInputActionFor("", key(over))).toBeNull();
    }
    expect(textInputActionFor("c", key({ ctrl: true }))).toBeNull();
  });
});

describe("readTypedChunk", () => {
  const insert = (text: string) => ({ type: "insert", text }) as const;

  it("reads text then one line break at the end of a chunk as typed text then Enter", () => {
    expect(readTypedChunk("/mcp -v\r")).toEqual({ edits: [insert("/mcp -v")], enter: true });
    expect(readTypedChunk("/mcp -v\r\n")).toEqual({ edits: [insert("/mcp -v")], enter: true });
    expect(readTypedChunk("\r")).toEqual({ edits: [], enter: true });
  });

  it("keeps a chunk of several lines as pasted text, without Enter", () => {
    expect(readTypedChunk("line one\rline two")).toEqual({ edits: [insert("line one\rline two")], enter: false });
    expect(readTypedChunk("line one\rline two\r")).toEqual({ edits: [insert("line one\rline two\r")], enter: false });
  });

  it("leaves text without a line break as it is", () => {
    expect(readTypedChunk("hello")).toEqual({ edits: [insert("hello")], enter: false });
  });

  it("reads every control key of a chunk as the edit it stands for", () => {
    expect(readTypedChunk("\u0015\u0015")).toEqual({
      edits: [{ type: "delete-to-start" }, { type: "delete-to-start" }],
      enter: false,
    });
    expect(readTypedChunk("fix\u0017bug\u0001the \u0005\r")).toEqual({
      edits: [insert("fix"), { type: "delete-word" }, insert("bug"), { type: "home" }, insert("the "), { type: "end" }],
      enter: true,
    });
  });

  it("drops control keys that are not edits", () => {
    expect(readTypedChunk("a\u0000b\u0007c\u001b\u0014")).toEqual({ edits: [insert("abc")], enter: false });
  });

  it("edits the field as the keys were pressed: two Ctrl+U in one read leave nothing behind", () => {
    const typed = (state: TextInputState, chunk: string) => readTypedChunk(chunk).edits.reduce(reduceTextInput, state);
    expect(typed({ value: "first line\nsecond", cursor: 18 }, "\u0015\u0015")).toEqual({ value: "", cursor: 0 });
    expect(typed(EMPTY_INPUT, "fix the bgu\u0017bug\u0001please \u0005")).toEqual({
      value: "please fix the bug",
      cursor: 18,
    });
  });
});
