/**
 * Assistant text as the transcript shows it: Markdown parsed by `marked`'s
 * (loaded after the first frame, deferred-libraries.ts)
 * lexer, its tokens turned into styled terminal rows of a given width.
 * Headings and emphasis are bold or italic, lists keep their bullets and
 * numbers, inline code is coloured, fenced code keeps its lines on the
 * terminal's own background, and a link shows its URL. Partial Markdown (text
 * still streaming in, an unclosed fence) lays out like finished Markdown.
 */
import chalk from "chalk";
import type { Token, Tokens } from "marked";
import { deferredLibraries } from "../runtime/deferred-libraries.ts";
import stringWidth from "string-width";
import { visibleText, withGutter, wrapLines } from "./text.ts";

const CODE_INDENT = "  ";

/** The Markdown `source` as rows of at most `width` cells. */
export function markdownLines(source: string, width: number): string[] {
  const Lexer = deferredLibraries()?.Lexer;
  // Before marked has loaded (deferred-libraries.ts), the text as it is.
  if (Lexer === undefined) return wrapLines(visibleText(source), Math.max(4, width));
  const tokens = new Lexer({ gfm: true }).lex(visibleText(source));
  return blocks(tokens, Math.max(4, width), true);
}

/** Block tokens in order; `spaced` puts a blank row between blocks (a tight list item does not). */
function blocks(tokens: readonly Token[], width: number, spaced: boolean): string[] {
  const rows: string[] = [];
  for (const token of tokens) {
    const lines = block(token, width);
    if (lines.length === 0) continue;
    if (spaced && rows.length > 0) rows.push("");
    rows.push(...lines);
  }
  return rows;
}

function block(token: Token, width: number): string[] {
  switch (token.type) {
    case "space":
    case "def":
      return [];
    case "heading": {
      const { depth, tokens } = token as Tokens.Heading;
      const style = depth === 1 ? chalk.bold.underline : chalk.bold;
      return wrapLines(style(inline(tokens)), width);
    }
    case "paragraph":
      return wrapLines(inline((token as Tokens.Paragraph).tokens), width);
    case "text": {
      const text = token as Tokens.Text;
      return wrapLines(text.tokens ? inline(text.tokens) : text.text, width);
    }
    case "code":
      return codeLines((token as Tokens.Code).text, width);
    case "blockquote": {
      const inner = blocks((token as Tokens.Blockquote).tokens, width - 2, true);
      return inner.map((line) => chalk.dim("│ ") + chalk.italic(line));
    }
    case "list":
      return listLines(token as Tokens.List, width);
    case "table":
      return tableLines(token as Tokens.Table, width);
    case "hr":
      return [chalk.dim("─".repeat(width))];
    default:
      return "text" in token && typeof token.text === "string" ? wrapLines(token.text, width) : [];
  }
}

/** Fenced or indented code: every line kept, indented, wrapped only when wider than the view. */
function codeLines(text: string, width: number): string[] {
  return text
    .split("\n")
    .flatMap((line) => wrapLines(line, width - CODE_INDENT.length, true).map((row) => CODE_INDENT + row));
}

function listLines(list: Tokens.List, width: number): string[] {
  const start = typeof list.start === "number" ? list.start : 1;
  const bullets = list.items.map((_, i) => (list.ordered ? `${start + i}.` : "-"));
  // Numbers line up on the widest one; a task's box belongs to its own item.
  const bulletWidth = Math.max(...bullets.map((bullet) => bullet.length));
  return list.items.flatMap((item, i) => {
    const mark = item.task ? `${bullets[i]} [${item.checked ? "x" : " "}]` : bullets[i]!.padEnd(bulletWidth);
    const gutter = mark.length + 1;
    const body = blocks(
      item.tokens.filter((t) => t.type !== "checkbox"),
      width - gutter,
      item.loose,
    );
    return withGutter(`${mark} `, gutter, body.length > 0 ? body : [""]);
  });
}

/** Columns padded to their widest cell; a table wider than the view falls back to one wrapped row per table row. */
function tableLines(table: Tokens.Table, width: number): string[] {
  const header = table.header.map((cell) => inline(cell.tokens));
  const rows = table.rows.map((row) => row.map((cell) => inline(cell.tokens)));
  const widths = header.map((_, c) => Math.max(...[header, ...rows].map((row) => stringWidth(row[c] ?? ""))));
  const separator = chalk.dim(" │ ");
  const total = widths.reduce((sum, w) => sum + w, 0) + 3 * (widths.length - 1);
  if (total > width)
    return [header, ...rows].flatMap((row, r) => wrapLines((r === 0 ? chalk.bold : String)(row.join(" | ")), width));
  const pad = (cell: string, c: number) => cell + " ".repeat(widths[c]! - stringWidth(cell));
  return [
    chalk.bold(header.map(pad).join(separator)),
    chalk.dim(widths.map((w) => "─".repeat(w)).join("─┼─")),
    ...rows.map((row) => widths.map((_, c) => pad(row[c] ?? "", c)).join(separator)),
  ];
}

/** Inline tokens as one styled string. */
function inline(tokens: readonly Token[] | undefined): string {
  return (tokens ?? []).map(inlineToken).join("");
}

function inlineToken(token: Token): string {
  switch (token.type) {
    case "strong":
      return chalk.bold(inline((token as Tokens.Strong).tokens));
    case "em":
      return chalk.italic(inline((token as Tokens.Em).tokens));
    case "del":
      return chalk.strikethrough(inline((token as Tokens.Del).tokens));
    case "codespan":
      return chalk.cyan((token as Tokens.Codespan).text);
    case "br":
      return "\n";
    case "link": {
      const { href, tokens, text } = token as Tokens.Link;
      const label = chalk.blue.underline(inline(tokens));
      return text === href || href.startsWith("mailto:") ? label : `${label} ${chalk.dim(`(${href})`)}`;
    }
    case "image": {
      const { href, text } = token as Tokens.Image;
      return chalk.dim(`[image: ${text}] (${href})`);
    }
    default: {
      const withChildren = token as { tokens?: Token[]; text?: string };
      if (withChildren.tokens && withChildren.tokens.length > 0) return inline(withChildren.tokens);
      return withChildren.text ?? "";
    }
  }
}
