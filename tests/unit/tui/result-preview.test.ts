import { describe, expect, it } from "vitest";
import { contentText, expandTabs, previewResult } from "../../../src/tui/result-preview.ts";

describe("previewResult", () => {
  it("keeps three lines and counts the rest", () => {
    expect(previewResult("1\n2\n3\n4\n5\n")).toEqual({ lines: ["1", "2", "3"], hidden: 2 });
  });

  it("shows (no output) for an empty result", () => {
    expect(previewResult("  \n")).toEqual({ lines: ["(no output)"], hidden: 0 });
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
