/**
 * A tool result as the transcript holds and shows it: every line is kept
 * (Ctrl+O shows them all); folded, it is `✔ Read -> line 1`, two more
 * lines, then `… +N lines (ctrl+o to expand)`. The model sees the whole
 * result either way.
 */
import type { ToolContent } from "../../src/model/messages.ts";
import { plural } from "../rows/words.ts";

/** Lines shown before the rest is folded away. */
export const PREVIEW_LINES = 3;
const TAB_STOP = 4;

/** The lines shown and how many were folded away. */
export interface ResultPreview {
  readonly lines: readonly string[];
  /** How many lines were left out. */
  readonly hidden: number;
}

/** Text and image blocks flattened to text; an image becomes `[image …]`, a loaded tool `Loaded tool NAME`. */
export function contentText(content: ToolContent): string {
  if (typeof content === "string") return content;
  return content
    .map((block) => {
      if (block.type === "text") return block.text;
      if (block.type === "tool_reference") return `Loaded tool ${block.tool_name}`;
      return `[image ${block.source.media_type}]`;
    })
    .join("\n");
}

/** Expands tabs to the next multiple of four columns: terminals and Ink disagree on tab width. */
export function expandTabs(line: string): string {
  if (!line.includes("\t")) return line;
  let out = "";
  for (const ch of line) {
    if (ch === "\t") out += " ".repeat(TAB_STOP - (out.length % TAB_STOP));
    else out += ch;
  }
  return out;
}

/** Every line of a result, trailing blank lines dropped; `(no output)` for none. */
export function resultLines(content: ToolContent): string[] {
  const text = contentText(content).replace(/\r\n?/g, "\n").replace(/\n+$/, "");
  if (text.trim() === "") return ["(no output)"];
  return text.split("\n").map(expandTabs);
}

/** The first `maxLines` lines and the count of the rest. */
export function previewResult(lines: readonly string[], maxLines = PREVIEW_LINES): ResultPreview {
  return { lines: lines.slice(0, maxLines), hidden: Math.max(0, lines.length - maxLines) };
}

/** `… +298 lines (ctrl+o to expand)` */
export function foldedNote(hidden: number): string {
  return `… +${plural(hidden, "line")} (ctrl+o to expand)`;
}
