/**
 * A server's form request: who asks and why, one block of rows per field
 * (label, description, the value or its options, the error), then Accept /
 * Decline / Cancel. Every row is one line (long ones truncated), so a form
 * taller than its room scrolls to keep the focused field in view. Everything
 * the server wrote passes through terminal-safe. Keys: useElicitationKeys.
 */
import { Box, Text, useWindowSize } from "ink";
import type { ElicitField } from "../../src/mcp/requests/elicitation.ts";
import type { FormAnswer } from "../../src/mcp/requests/server-requests.ts";
import { line, wrapBody } from "../rows/body-lines.ts";
import { terminalSafeLine, terminalSafeText } from "../../src/text/terminal-safe.ts";
import { FORM_BUTTONS } from "./elicitation-form-state.ts";
import { visibleRange } from "./form-window.ts";
import { ACCENT, buttonRow, fieldRows, type Row } from "./form-rows.tsx";
import { useElicitationKeys } from "./useElicitationKeys.ts";

/** The request, and where the answer goes. */
export interface ElicitationFormModalProps {
  /** The asking server's name (untrusted). */
  readonly server: string;
  /** Why it asks, in the server's words (untrusted). */
  readonly message: string;
  readonly fields: readonly ElicitField[];
  /** Takes keys (armed); until then nothing shows focus. */
  readonly isActive: boolean;
  /** Called once: accept with the values, decline or cancel. */
  readonly onAnswer: (answer: FormAnswer) => void;
  /** Columns the box takes, border included; the terminal's width by default. */
  readonly width?: number;
  /** Rows the box may take at most; the terminal's height less the prompt and footer by default. */
  readonly maxHeight?: number;
}

/** Border and padding columns. */
const FRAME_COLUMNS = 4;
/** Rows the prompt box and footer keep under the modal when no height is given. */
const BELOW_ROWS = 4;

export function ElicitationFormModal(props: ElicitationFormModalProps) {
  const { fields, isActive } = props;
  const terminal = useWindowSize();
  const width = props.width ?? terminal.columns;
  const maxHeight = props.maxHeight ?? terminal.rows - BELOW_ROWS;
  const inner = Math.max(10, width - FRAME_COLUMNS);
  const state = useElicitationKeys({ fields, isActive, onAnswer: props.onAnswer });

  const messageRows: Row[] = wrapBody([line(terminalSafeText(props.message))], inner).map((row) => ({
    node: <Text>{row.text === "" ? " " : row.text}</Text>,
    owner: -1,
  }));
  const rows: Row[] = [
    ...messageRows,
    ...fields.flatMap((field, i) => fieldRows(field, i, state, isActive)),
    { node: <Text> </Text>, owner: fields.length },
    { node: buttonRow(state, isActive), owner: state.focus >= fields.length ? state.focus : fields.length },
  ];
  // Border, title and help line; a form that does not fit gives one more row to "↑/↓ N more".
  const room = Math.max(3, maxHeight - 4);
  const scrolls = rows.length > room;
  const window = visibleRange(
    rows,
    Math.min(state.focus, fields.length + FORM_BUTTONS.length - 1),
    scrolls ? room - 1 : room,
  );
  const above = window.start;
  const below = rows.length - window.end;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={ACCENT} paddingX={1} width={width} flexShrink={0}>
      <Text wrap="truncate-end">
        <Text bold color={ACCENT}>
          {terminalSafeLine(props.server)}
        </Text>
        <Text bold> asks for input</Text>
      </Text>
      {rows.slice(window.start, window.end).map((row, i) => (
        <Box key={window.start + i}>{row.node}</Box>
      ))}
      {scrolls ? (
        <Text color={ACCENT}>
          {[above > 0 ? `↑ ${above} more` : "", below > 0 ? `↓ ${below} more` : ""].filter(Boolean).join(" · ")}
        </Text>
      ) : null}
      {state.leaving ? (
        <Text color="yellow" wrap="truncate-end">
          Discard your input and {state.leaving}? y yes · other key: back
        </Text>
      ) : (
        <Text dimColor wrap="truncate-end">
          Last field: Enter submits · Tab: Decline · Esc: cancel
        </Text>
      )}
    </Box>
  );
}
