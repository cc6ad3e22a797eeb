import chalk from "chalk";
import { describe, expect, it } from "vitest";
import wrapAnsi from "wrap-ansi";
import { wrapLines } from "../../../../components/transcript/text.ts";

chalk.level = 1;

/** What wrapLines did before its shortcut: wrap-ansi, rows trimmed at the end. */
const slow = (styled: string, width: number, keepIndent = false) =>
  wrapAnsi(styled, Math.max(1, width), { hard: true, trim: !keepIndent })
    .split("\n")
    .map((line) => line.trimEnd());

describe("wrapLines", () => {
  const samples = [
    "plain words that fit",
    `${chalk.dim("◇ ")}${chalk.dim("system  date 2026-12-03")}`,
    `${chalk.cyan.bold("❯ ")}${chalk.bold("fix the bug")}`,
    "  indented code",
    "trailing space   ",
    `${chalk.green("ok")} `,
    "日本語のテキスト",
    "a somewhat longer line that will need to wrap at this width for sure",
    "two\nlines",
    "",
  ];
  for (const width of [4, 20, 80]) {
    it(`cuts rows as wrap-ansi does at width ${width}, with and without kept indents`, () => {
      for (const sample of samples) {
        expect([sample, wrapLines(sample, width)]).toEqual([sample, slow(sample, width)]);
        expect([sample, wrapLines(sample, width, true)]).toEqual([sample, slow(sample, width, true)]);
      }
    });
  }
});
