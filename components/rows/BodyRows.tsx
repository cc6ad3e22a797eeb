/**
 * Rows of text coloured by their tone (components/rows/body-lines.ts): the
 * approval modals' body and the MCP panel's opened server draw rows the same way.
 */
import { Text } from "ink";
import type { BodyLine, BodyTone } from "./body-lines.ts";

const TONE_STYLE: Record<BodyTone, { color?: string; bold?: boolean; dimColor?: boolean }> = {
  plain: {},
  strong: { bold: true },
  dim: { dimColor: true },
  command: { color: "yellow" },
  added: { color: "green" },
  removed: { color: "red" },
  warning: { color: "red" },
};

/** Already wrapped and terminal-safe rows, one Text each. */
export function BodyRows({ rows }: { readonly rows: readonly BodyLine[] }) {
  return rows.map((row, i) => (
    <Text key={i} {...TONE_STYLE[row.tone]} wrap="truncate-end">
      {" ".repeat(row.indent ?? 0)}
      {/* Ink gives an empty Text no height: a blank row needs a space. */}
      {row.text === "" ? " " : row.text}
    </Text>
  ));
}
