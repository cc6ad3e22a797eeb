/**
 * The transcript as rows on the screen. Every item is laid out once per
 * width (and per Ctrl+O state) into styled rows of at most that width, so
 * scrolling counts real rows, and a transcript of ten thousand items costs
 * one lookup per item, then only the visible rows are drawn.
 */
import chalk from "chalk";
import stringWidth from "string-width";
import { foldedNote, previewResult } from "./result-preview.ts";
import { markdownLines } from "./markdown.ts";
import type { TranscriptItem } from "./items.ts";
import { visibleText, withGutter, wrapLines } from "./text.ts";
import { wrapBody, type BodyLine } from "../rows/body-lines.ts";
import { subagentRows } from "./subagent-block.ts";

/** How the rows are cut: the view's width, and whether tool output is shown whole (Ctrl+O). */
export interface LineLayout {
  readonly width: number;
  readonly expanded: boolean;
}

/**
 * One styled row. Most fit the width already; a folded result line or a tool
 * call may be wider and is cut at the view's edge when drawn.
 */
export type Row = string;

const GUTTER = 2;

const gutterRows = (mark: string, body: readonly string[]): Row[] => withGutter(mark, GUTTER, body);

/** Each line of the text wrapped beside a mark: `● text`, `✘ message`. */
function marked(mark: string, text: string, width: number, style: (s: string) => string = String): Row[] {
  const body = visibleText(text)
    .split("\n")
    .flatMap((line) => wrapLines(style(line), width - GUTTER));
  return gutterRows(mark, body);
}

function resultRows(item: Extract<TranscriptItem, { kind: "tool-result" }>, { width, expanded }: LineLayout): Row[] {
  const color = item.isError ? chalk.red : String;
  const name = `${visibleText(item.name)} -> `;
  const head = `${item.isError ? chalk.red("✘ ") : chalk.green("✔ ")}${chalk.dim(name)}`;
  if (!expanded) {
    const { lines, hidden } = previewResult(item.lines);
    const rows = lines.map((line, i) => (i === 0 ? head : "  ") + color(visibleText(line)));
    return hidden > 0 ? [...rows, chalk.dim(`  ${foldedNote(hidden)}`)] : rows;
  }
  // Whole: every line two columns in, at the view's width; the first stays beside `✔ name -> ` only when it fits there whole.
  const lines = item.lines.map((line) => color(visibleText(line)));
  const first = lines[0] ?? "";
  const beside = GUTTER + stringWidth(name) + stringWidth(first) <= width;
  const under = (beside ? lines.slice(1) : lines).flatMap((line) =>
    wrapLines(line, width - GUTTER, true).map((text) => `  ${text}`),
  );
  return [beside ? head + first : head.trimEnd(), ...under];
}

/** Folded: one dim line; Ctrl+O: the whole thinking, dim and italic. */
function thinkingRows(item: Extract<TranscriptItem, { kind: "thinking" }>, { width, expanded }: LineLayout): Row[] {
  if (item.redacted) return [chalk.dim("∴ Thinking (redacted by the API)")];
  if (!expanded) return [chalk.dim("∴ Thinking… (ctrl+o to show)")];
  return marked(chalk.dim("∴ "), item.text, width, (line) => chalk.dim.italic(line));
}

/** Diff rows shown before Ctrl+O opens the rest. */
export const DIFF_PREVIEW_LINES = 8;
const TONES: Record<BodyLine["tone"], (s: string) => string> = {
  plain: String,
  strong: chalk.bold,
  dim: chalk.dim,
  command: String,
  added: chalk.green,
  removed: chalk.red,
  warning: chalk.yellow,
};

/** A file change under its result, in the approval modal's diff rows, folded past DIFF_PREVIEW_LINES. */
function diffRows(item: Extract<TranscriptItem, { kind: "diff" }>, { width, expanded }: LineLayout): Row[] {
  const room = Math.max(10, width - 2 * GUTTER);
  const wrapped = wrapBody(item.lines, room).map(
    (row) => `    ${" ".repeat(row.indent ?? 0)}${TONES[row.tone](row.text)}`,
  );
  if (expanded || wrapped.length <= DIFF_PREVIEW_LINES) return wrapped;
  return [...wrapped.slice(0, DIFF_PREVIEW_LINES), chalk.dim(`    ${foldedNote(wrapped.length - DIFF_PREVIEW_LINES)}`)];
}

/** The rows of one finished item, by kind. */
export function itemRows(item: TranscriptItem, layout: LineLayout): Row[] {
  const { width } = layout;
  switch (item.kind) {
    case "user":
      return ["", ...marked(chalk.cyan.bold("❯ "), item.text, width, chalk.bold)];
    case "system":
      return item.warning
        ? marked(chalk.yellow("◇ "), `${item.label}: ${item.text}`, width, chalk.yellow)
        : marked(chalk.dim("◇ "), `system  ${item.label} ${item.text}`, width, chalk.dim);
    case "assistant":
      return gutterRows("● ", markdownLines(item.text, width - GUTTER));
    case "thinking":
      return thinkingRows(item, layout);
    case "tool-call": {
      const text = `${chalk.blue("⏺ ")}${visibleText(item.label)}`;
      return layout.expanded ? wrapLines(text, width) : [text];
    }
    case "tool-result":
      return resultRows(item, layout);
    case "subagent":
      return subagentRows(item, width, layout.expanded);
    case "diff":
      return diffRows(item, layout);
    case "denied":
      return marked(
        chalk.red("✘ "),
        `${item.name}: ${item.message === "" ? "denied" : item.message}`,
        width,
        chalk.red,
      );
    case "error":
      return marked(chalk.red("✘ "), item.message, width, chalk.red);
    case "notice":
      return marked(chalk.dim("◇ "), item.text, width, chalk.dim);
    case "attachment": {
      const text = item.attached ? `Attached ${item.mention} (${item.detail})` : `@${item.mention}: ${item.detail}`;
      const style = item.attached ? chalk.dim : chalk.yellow;
      return withGutter(chalk.dim("  ⎿ "), 4, wrapLines(style(visibleText(text)), width - 4));
    }
    case "command": {
      const color = item.isError ? chalk.red : String;
      return item.lines.flatMap((line) =>
        wrapLines(color(visibleText(line)), width - GUTTER, true).map((text) => `  ${text}`),
      );
    }
  }
}

/** Text still streaming in, laid out like a finished assistant item. */
export function liveRows(text: string, width: number): Row[] {
  return text.trim() === "" ? [] : gutterRows("● ", markdownLines(text.trim(), width - GUTTER));
}

/**
 * Rows of many items, each laid out once: keyed by the item object (items
 * never change once added) and remembered for the last layout it was cut for.
 */
export class RowCache {
  readonly #rows = new WeakMap<TranscriptItem, { readonly layout: LineLayout; readonly rows: readonly Row[] }>();

  rowsOf(item: TranscriptItem, layout: LineLayout): readonly Row[] {
    const hit = this.#rows.get(item);
    if (hit && hit.layout.width === layout.width && hit.layout.expanded === layout.expanded) return hit.rows;
    const rows = itemRows(item, layout);
    this.#rows.set(item, { layout, rows });
    return rows;
  }
}

/** Where each item's rows start: `starts[i]` is item i's first row, `total` all rows. */
export interface RowIndex {
  readonly starts: readonly number[];
  readonly total: number;
}

export function indexRows(items: readonly TranscriptItem[], layout: LineLayout, cache: RowCache): RowIndex {
  const starts = new Array<number>(items.length);
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    starts[i] = total;
    total += cache.rowsOf(items[i]!, layout).length;
  }
  return { starts, total };
}

/** A row on screen, with a key that stays with it while the view moves. */
export interface KeyedRow {
  readonly key: string;
  readonly text: Row;
}

/** Rows `[start, end)` of the items followed by the live rows, found by binary search, not by walking every item. */
export function rowsBetween(
  items: readonly TranscriptItem[],
  index: RowIndex,
  live: readonly Row[],
  layout: LineLayout,
  cache: RowCache,
  start: number,
  end: number,
): KeyedRow[] {
  const out: KeyedRow[] = [];
  let i = firstItemAt(index.starts, start);
  for (let row = start; row < Math.min(end, index.total) && i < items.length; i++) {
    const item = items[i]!;
    const rows = cache.rowsOf(item, layout);
    for (let r = row - index.starts[i]!; r < rows.length && row < end; r++, row++)
      out.push({ key: `${item.id}:${r}`, text: rows[r]! });
  }
  for (let row = Math.max(start, index.total); row < end && row - index.total < live.length; row++) {
    out.push({ key: `live:${row - index.total}`, text: live[row - index.total]! });
  }
  return out;
}

/** The last item whose first row is at or before `row`. */
function firstItemAt(starts: readonly number[], row: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= row) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}
