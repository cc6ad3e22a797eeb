import { describe, expect, it } from "vitest";
import { graphemeSegments } from "../../../src/text/graphemes.ts";
import { isSimpleChar } from "../../../src/text/string-width.ts";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const bySegmenter = (text: string) => [...segmenter.segment(text)].map(({ segment, index }) => ({ segment, index }));
const ours = (text: string) => [...graphemeSegments(text)].map(({ segment, index }) => ({ segment, index }));

describe("graphemeSegments", () => {
  it("never joins a simple character to its neighbours, as Intl.Segmenter does not", () => {
    const joined: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (!isSimpleChar(code)) continue;
      const c = String.fromCharCode(code);
      if (
        segmenter.segment(`a${c}${c}a`)[Symbol.iterator]().next().value?.segment !== "a" ||
        bySegmenter(`a${c}${c}a`).length !== 4
      )
        joined.push(code.toString(16));
    }
    expect(joined).toEqual([]);
  });

  it("keeps a control character (but a carriage return) a grapheme of its own, as Intl.Segmenter does", () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => i),
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
    ];
    for (const code of controls.filter((c) => c !== 0x0d)) {
      const c = String.fromCharCode(code);
      for (const sample of [`a${c}${c}a`, `${c}│${c}`, `${c}\u0301`, `\r${c}`])
        expect([code.toString(16), ours(sample)]).toEqual([code.toString(16), bySegmenter(sample)]);
    }
  });

  it("agrees with Intl.Segmenter on the UI's rows and on text that needs the segmenter", () => {
    const samples = [
      "",
      "plain ascii",
      "│ ● srv03       flag    15 tools   │",
      "╭─ 日本語 · 한국어 ─╮ ❯ ⠋ ✔",
      "e\u0301 café",
      "👍🏽 family: 👨‍👩‍👧",
      "1\ufe0f\u20e3 🇫🇷",
      "\r\n",
      "a\r\nb\rc",
      "\u001b[36m│\u001b[39m \u001b[1m❯\u001b[22m \u001b]8;;https://x.test\u0007link\u001b]8;;\u0007",
      "a\u200db",
    ];
    for (const sample of samples) expect([sample, ours(sample)]).toEqual([sample, bySegmenter(sample)]);
  });
});
