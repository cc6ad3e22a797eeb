/**
 * A file change as the approval modal shows it: a unified diff of the file on
 * disk against what Write or Edit would leave, with line numbers, as Claude
 * Code shows it. A new file is all added lines.
 */
import { deferredLibraries } from "../runtime/deferred-libraries.ts";
import { terminalSafeText } from "../../src/text/terminal-safe.ts";
import { line, type BodyLine } from "./body-lines.ts";

/** Unchanged lines shown around each change. */
const CONTEXT_LINES = 3;

/**
 * Diff rows of `before` → `after`: `  12 - old`, `  12 + new`, `  13   same`,
 * `⋮` between hunks. `firstLine`: where both texts start in the file (an excerpt's, file-excerpt.ts).
 */
export function fileDiffLines(before: string, after: string, firstLine = 1): BodyLine[] {
  const structuredPatch = deferredLibraries()?.structuredPatch;
  // Before diff has loaded (deferred-libraries.ts; turns wait for it, so only in theory): all of the new text.
  if (structuredPatch === undefined) return after.split("\n").map((text) => line(terminalSafeText(text), "plain"));
  const patch = structuredPatch("before", "after", before, after, undefined, undefined, { context: CONTEXT_LINES });
  if (patch.hunks.length === 0) return [line("(no change to the file)", "dim")];
  const offset = firstLine - 1;
  const last = offset + patch.hunks.reduce((n, h) => Math.max(n, h.oldStart + h.oldLines, h.newStart + h.newLines), 0);
  const numberWidth = String(last).length;
  // Wrapped rows of a long line start under its text, clear of the number and sign.
  const hang = numberWidth + 3;
  const rows: BodyLine[] = [];
  patch.hunks.forEach((hunk, i) => {
    if (i > 0) rows.push(line("⋮".padStart(numberWidth), "dim"));
    let oldNo = offset + hunk.oldStart;
    let newNo = offset + hunk.newStart;
    for (const raw of hunk.lines) {
      const sign = raw[0];
      const text = terminalSafeText(raw.slice(1));
      if (sign === "\\") {
        rows.push(line(`${" ".repeat(numberWidth)}   ${raw.slice(2)}`, "dim"));
      } else if (sign === "-") {
        rows.push(line(`${String(oldNo++).padStart(numberWidth)} - ${text}`, "removed", 0, hang));
      } else if (sign === "+") {
        rows.push(line(`${String(newNo++).padStart(numberWidth)} + ${text}`, "added", 0, hang));
      } else {
        oldNo++;
        rows.push(line(`${String(newNo++).padStart(numberWidth)}   ${text}`, "dim", 0, hang));
      }
    }
  });
  return rows;
}
