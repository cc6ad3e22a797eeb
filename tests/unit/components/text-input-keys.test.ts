import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { splitTypedText, textInputActionFor } from "../../../components/text-input/text-input-keys.ts";

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};
const key = (over: Partial<Key>): Key => ({ ...NO_KEY, ...over });

describe("textInputActionFor", () => {
  it("inserts typed and pasted text", () => {
    expect(textInputActionFor("hé", NO_KEY)).toEqual({ type: "insert", text: "hé" });
  });

  it("maps arrows, backspace and delete", () => {
    expect(textInputActionFor("", key({ leftArrow: true }))).toEqual({ type: "left" });
    expect(textInputActionFor("", key({ backspace: true }))).toEqual({ type: "backspace" });
    expect(textInputActionFor("", key({ backspace: true, meta: true }))).toEqual({ type: "deleteWord" });
    expect(textInputActionFor("", key({ delete: true }))).toEqual({ type: "delete" });
  });

  it("maps the readline control keys", () => {
    expect(textInputActionFor("a", key({ ctrl: true }))).toEqual({ type: "home" });
    expect(textInputActionFor("e", key({ ctrl: true }))).toEqual({ type: "end" });
    expect(textInputActionFor("w", key({ ctrl: true }))).toEqual({ type: "deleteWord" });
    expect(textInputActionFor("u", key({ ctrl: true }))).toEqual({ type: "deleteToStart" });
    expect(textInputActionFor("k", key({ ctrl: true }))).toEqual({ type: "deleteToEnd" });
  });

  it("leaves Enter, Esc, Tab, up/down and other control keys to the caller", () => {
    for (const over of [{ return: true }, { escape: true }, { tab: true }, { upArrow: true }, { downArrow: true }]) {
      expect(textInputActionFor("", key(over))).toBeNull();
    }
    expect(textInputActionFor("c", key({ ctrl: true }))).toBeNull();
  });
});

describe("splitTypedText", () => {
  it("reads text then one line break at the end of a chunk as typed text then Enter", () => {
    expect(splitTypedText("/mcp -v\r")).toEqual({ text: "/mcp -v", enter: true });
    expect(splitTypedText("/mcp -v\r\n")).toEqual({ text: "/mcp -v", enter: true });
    expect(splitTypedText("\r")).toEqual({ text: "", enter: true });
  });

  it("keeps a chunk of several lines as pasted text, without Enter", () => {
    expect(splitTypedText("line one\rline two")).toEqual({ text: "line one\rline two", enter: false });
    expect(splitTypedText("line one\rline two\r")).toEqual({ text: "line one\rline two\r", enter: false });
  });

  it("leaves text without a line break as it is", () => {
    expect(splitTypedText("hello")).toEqual({ text: "hello", enter: false });
  });
});
