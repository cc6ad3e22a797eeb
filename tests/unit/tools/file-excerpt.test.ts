/**
 * The part of a file an Edit or Write changed, kept with the saved session:
 * its diff, drawn at its place in the file, is the diff of the whole file.
 */
import { describe, expect, it } from "vitest";
import { fileDiffLines } from "../../../components/rows/file-diff.ts";
import { changedExcerpt } from "../../../src/tools/file-excerpt.ts";

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

describe("changedExcerpt", () => {
  it("keeps the changed lines and three around them, and draws the same diff as the whole file", () => {
    const before = numbered(200);
    const after = before.replace("line 100\n", "line one hundred\nand one more\n").replace("line 104\n", "line 104!\n");
    const excerpt = changedExcerpt(before, after)!;
    expect(excerpt.firstLine).toBe(97);
    // Lines 97 to 107, each whole.
    expect(excerpt.before).toBe(before.split("\n").slice(96, 107).join("\n") + "\n");
    expect(fileDiffLines(excerpt.before, excerpt.after, excerpt.firstLine)).toEqual(fileDiffLines(before, after));
  });

  it("a change at the end of a file keeps whether it ends with a line break", () => {
    const excerpt = changedExcerpt("a\nb\nc", "a\nb\nc\n")!;
    expect(excerpt).toEqual({ firstLine: 1, before: "a\nb\nc", after: "a\nb\nc\n" });
    expect(fileDiffLines(excerpt.before, excerpt.after, excerpt.firstLine)).toEqual(
      fileDiffLines("a\nb\nc", "a\nb\nc\n"),
    );
  });

  it("a new file is all of it, and a change too large to keep is not kept", () => {
    expect(changedExcerpt("", "x\ny\n")).toEqual({ firstLine: 1, before: "", after: "x\ny\n" });
    expect(changedExcerpt("", "z".repeat(70_000))).toBeUndefined();
  });
});
