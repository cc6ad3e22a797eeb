import cliTruncate from "cli-truncate";
import { describe, expect, it } from "vitest";
import stringWidth from "../../../src/text/string-width.ts";
import { paddingTo, truncateEnd } from "../../../src/text/truncate-end.ts";

const TEXTS = [
  "tracker",
  "a-very-long-server-name-indeed",
  "",
  "x",
  "日本語のサーバー",
  "café",
  "e\u0301t\u00e9",
  "👍🏽 thumbs",
];

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const withoutLastGrapheme = (text: string) =>
  [...segmenter.segment(text)]
    .slice(0, -1)
    .map((s) => s.segment)
    .join("");

describe("truncateEnd", () => {
  it("cuts as Ink's truncate-end does (cli-truncate), at every width", () => {
    for (const text of TEXTS) {
      for (let columns = 0; columns <= stringWidth(text) + 2; columns++) {
        const ours = truncateEnd(text, columns);
        const inks = columns < 1 ? "" : cliTruncate(text, columns, { position: "end" });
        // Where a wide character would straddle the edge, cli-truncate keeps it and overflows by a column; we leave it out.
        const expected = stringWidth(inks) > columns ? withoutLastGrapheme(inks.slice(0, -1)) + "…" : inks;
        expect(ours, `${text} @${columns}`).toBe(expected);
        expect(stringWidth(ours), `${text} @${columns}`).toBeLessThanOrEqual(columns);
      }
    }
  });

  it("pads to the columns a cut text leaves", () => {
    expect(paddingTo("日本", 6)).toBe("  ");
    expect(paddingTo("tracker", 4)).toBe("");
  });
});
