/**
 * The few lines of a tool result the transcript shows: `✔ Read -> line 1`,
 * two more lines, then `…(+N lines)`. The model sees the whole result; the
 * user gets enough to follow along.
 */
import type { ToolContent } from "../model/messages.ts";

/** Lines shown before the rest is folded into `…(+N lines)`. */
const PREVIEW_LINES = 3;
const TAB_STOP = 4;

/** The lines shown and how many were folded away. */
export interface ResultPreview {
  readonly lines: readonly string[];
  /** How many lines were left out. */
  readonly hidden: number;
}

/** Text and image blocks flattened to text; an image becomes `[image]`. */
export function contentText(content: ToolContent): string {
  if (typeof content === "string") return content;
  return content.map((block) => (block.type === "text" ? block.text : `[image ${block.source.media_type}]`)).join("\n");
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

/** The first `maxLines` lines of a result and the count of the rest. */
export function previewResult(content: ToolContent, maxLines = PREVIEW_LINES): ResultPreview {
  const text = contentText(content).replace(/\r\n?/g, "\n").replace(/\n+$/, "");
  if (text.trim() === "") return { lines: ["(no output)"], hidden: 0 };
  const all = text.split("\n");
  return { lines: all.slice(0, maxLines).map(expandTabs), hidden: Math.max(0, all.length - maxLines) };
}
