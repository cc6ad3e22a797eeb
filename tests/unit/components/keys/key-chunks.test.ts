import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { splitTypedChunk } from "../../../../components/keys/key-chunks.ts";

const PLAIN = { tab: false, return: false, ctrl: false, meta: false, shift: false } as Key;
const shape = (input: string) =>
  splitTypedChunk(input, PLAIN).map((piece) => (piece.key.tab ? "⇥" : piece.key.return ? "⏎" : piece.input));

describe("splitTypedChunk", () => {
  it("cuts a typed chunk at each Tab, a lone line break after one being Enter", () => {
    expect(shape("\t\r")).toEqual(["⇥", "⏎"]);
    expect(shape("draft\t")).toEqual(["draft", "⇥"]);
    expect(shape("a\t\tb\r")).toEqual(["a", "⇥", "⇥", "b\r"]);
  });

  it("leaves chunks without a Tab, and pasted lines, whole", () => {
    expect(shape("hello\r")).toEqual(["hello\r"]);
    expect(shape("one\ttwo\nthree\tfour")).toEqual(["one\ttwo\nthree\tfour"]);
    const tab = { ...PLAIN, tab: true };
    expect(splitTypedChunk("", tab)).toEqual([{ input: "", key: tab }]);
  });
});
