import { describe, expect, it } from "vitest";
import { line } from "../../../../components/rows/body-lines.ts";
import { DIFF_PREVIEW_LINES, itemRows } from "../../../../components/transcript/lines.ts";
import { reduceTranscript } from "../../../../components/transcript/reducer.ts";
import { EMPTY_TRANSCRIPT } from "../../../../components/transcript/items.ts";

const plain = (rows: readonly string[]) => rows.map((row) => row.replace(/\u001b\[[0-9;]*m/g, ""));

describe("an edit's diff in the transcript", () => {
  const lines = Array.from({ length: 12 }, (_, i) => line(`${i + 1} + added line ${i + 1}`, "added"));
  const state = reduceTranscript(EMPTY_TRANSCRIPT, { type: "file-diff", lines });
  const item = state.items[0]!;

  it("is an item of its own, folded past a few rows until Ctrl+O", () => {
    expect(item.kind).toBe("diff");
    const folded = plain(itemRows(item, { width: 60, expanded: false }));
    expect(folded).toHaveLength(DIFF_PREVIEW_LINES + 1);
    expect(folded[0]).toBe("    1 + added line 1");
    expect(folded.at(-1)).toBe("    … +4 lines (ctrl+o to expand)");
    expect(plain(itemRows(item, { width: 60, expanded: true }))).toHaveLength(12);
  });

  it("adds nothing for an empty diff", () => {
    expect(reduceTranscript(EMPTY_TRANSCRIPT, { type: "file-diff", lines: [] })).toBe(EMPTY_TRANSCRIPT);
  });
});
