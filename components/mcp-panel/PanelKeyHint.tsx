/**
 * The focused MCP panel's last rows: which keys do what here, so the user
 * knows the keyboard left the prompt and how to get back. Broken between
 * hints, never inside one, to the panel's width. A background task selected
 * or opened has its own keys (x stops it).
 */
import { Box, Text } from "ink";

const LIST_HINTS = [
  "↑↓ j/k select",
  "Enter/→ open",
  "r restart",
  "d disable/enable",
  "a approve/revoke",
  "l log",
  "Esc/Tab prompt",
];
const OPENED_HINTS = [
  "↑↓ PgUp/PgDn Home/End scroll",
  "i instructions",
  "r restart",
  "d disable/enable",
  "a approve/revoke",
  "l log",
  "Esc/← list",
  "Tab prompt",
];

const TASK_LIST_HINTS = ["↑↓ j/k select", "Enter/→ output", "x stop", "Esc/Tab prompt"];
const TASK_OPENED_HINTS = ["↑↓ PgUp/PgDn Home/End scroll", "x stop", "Esc/← list", "Tab prompt"];

/** What the focused panel shows: the list with a server or a task selected, or one opened. */
export type PanelView = "list" | "opened" | "task-list" | "task-opened";

const HINTS: Readonly<Record<PanelView, readonly string[]>> = {
  list: LIST_HINTS,
  opened: OPENED_HINTS,
  "task-list": TASK_LIST_HINTS,
  "task-opened": TASK_OPENED_HINTS,
};

/** The hint rows for a panel whose text is `width` columns wide. */
export function panelHintRows(view: PanelView, width: number): string[] {
  const rows: string[] = [];
  for (const hint of HINTS[view]) {
    const last = rows.at(-1);
    if (last !== undefined && last.length + 3 + hint.length <= width) rows[rows.length - 1] = `${last} · ${hint}`;
    else rows.push(hint);
  }
  return rows;
}

export function PanelKeyHint({ view, width }: { readonly view: PanelView; readonly width: number }) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      {panelHintRows(view, width).map((row) => (
        <Text key={row} color="cyan">
          {row}
        </Text>
      ))}
    </Box>
  );
}
