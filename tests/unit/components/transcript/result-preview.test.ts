import { describe, expect, it } from "vitest";
import {
  contentText,
  expandTabs,
  foldedNote,
  previewResult,
  resultLines,
} from "../../../../components/transcript/result-preview.ts";

describe("result preview", () => {
  it("keeps every line of a result, without the trailing blank ones", () => {
    expect(resultLines("1\r\n2\n3\n4\n5\n\n")).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("folds all but three lines and counts the rest", () => {
    expect(previewResult(["1", "2", "3", "4", "5"])).toEqual({ lines: ["1", "2", "3"], hidden: 2 });
  });

  it("shows (no output) for an empty result", () => {
    expect(resultLines("  \n")).toEqual(["(no output)"]);
  });

  it("says how many lines are folded, one line in the singular", () => {
    expect(foldedNote(1)).toBe("… +1 line (ctrl+o to expand)");
    expect(foldedNote(298)).toBe("… +298 lines (ctrl+o to expand)");
  });

  it("flattens text and image blocks", () => {
    const content = [
      { type: "text" as const, text: "chart:" },
      { type: "image" as const, source: { type: "base64" as const, media_type: "image/png", data: "AAAA" } },
    ];
    expect(contentText(content)).toBe("chart:\n[image image/png]");
  });

  it("expands tabs to four-column stops", () => {
    expect(expandTabs("     1\tx")).toBe("     1  x");
    expect(expandTabs("\ty")).toBe("    y");
  });
});
