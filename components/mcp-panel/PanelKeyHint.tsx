/**
 * The focused MCP panel's last rows: which keys do what here, so the user
 * knows the keyboard left the prompt and how to get back. Broken between
 * hints, never inside one, to the panel's width.
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

/** The hint rows for a panel whose text is `width` columns wide. */
export function panelHintRows(opened: boolean, width: number): string[] {
  const rows: string[] = [];
  for (const hint of opened ? OPENED_HINTS : LIST_HINTS) {
    const last = rows.at(-1);
    if (last !== undefined && last.length + 3 + hint.length <= width) rows[rows.length - 1] = `${last} · ${hint}`;
    else rows.push(hint);
  }
  return rows;
}

export function PanelKeyHint({ opened, width }: { readonly opened: boolean; readonly width: number }) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      {panelHintRows(opened, width).map((row) => (
        <Text key={row} color="cyan">
          {row}
        </Text>
      ))}
    </Box>
  );
}
