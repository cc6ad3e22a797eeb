// The change of style Ink's rows are written with (src/text/style-change.ts) is the package's own, code for code.
import { ansiCodesToString, diffAnsiCodes, reduceAnsiCodes, tokenize } from "@alcalzone/ansi-tokenize";
import { describe, expect, it } from "vitest";
import { styleChange } from "../../../src/text/style-change.ts";

/** Reduced styles as the tokenizer makes them, from SGR sequences. */
const stylesOf = (sgr: string) =>
  reduceAnsiCodes(tokenize(`${sgr}x`).filter((token) => token.type === "ansi")) as Parameters<typeof styleChange>[0];

const STYLES = [
  "",
  "\u001b[1m",
  "\u001b[2m",
  "\u001b[1m\u001b[2m",
  "\u001b[31m",
  "\u001b[32m\u001b[1m",
  "\u001b[44m\u001b[7m",
  "\u001b[38;5;208m\u001b[4m",
  "\u001b[38;2;1;2;3m\u001b[48;2;4;5;6m\u001b[3m",
  "\u001b[90m\u001b[2m\u001b[9m",
  "\u001b]8;;https://example.com\u0007\u001b[36m",
].map(stylesOf);

describe("styleChange", () => {
  it("writes what diffAnsiCodes gives for every pair of styles, none included", () => {
    for (const from of STYLES)
      for (const to of STYLES) expect(styleChange(from, to)).toBe(ansiCodesToString(diffAnsiCodes(from, to)));
  });

  it("opens from none and undoes to none", () => {
    const boldRed = stylesOf("\u001b[1m\u001b[31m");
    expect(styleChange([], boldRed)).toBe("\u001b[1m\u001b[31m");
    expect(styleChange(boldRed, [])).toBe("\u001b[39m\u001b[22m");
    expect(styleChange([], [])).toBe("");
  });
});
