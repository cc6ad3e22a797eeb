/**
 * A server's form request: who asks and why, one block of rows per field
 * (label, description, the value or its options, the error), then Accept /
 * Decline / Cancel. Every row is one line (long ones truncated), so a form
 * taller than its room scrolls to keep the focused field in view. Everything
 * the server wrote passes through terminal-safe. Keys: useElicitationKeys.
 */
import { Box, Text, useWindowSize } from "ink";
import type { ReactNode } from "react";
import type { ElicitField } from "../../src/mcp/elicitation.ts";
import type { FormAnswer } from "../../src/mcp/server-requests.ts";
import { line, wrapBody } from "../../src/tui/approval-body.ts";
import { terminalSafeLine, terminalSafeText } from "../../src/text/terminal-safe.ts";
import { TextWithCursor } from "../text-input/TextWithCursor.tsx";
import { FORM_BUTTONS, shownError, type ElicitationFormState } from "./elicitation-form-state.ts";
import { useElicitationKeys } from "./useElicitationKeys.ts";

export interface ElicitationFormModalProps {
  readonly server: string;
  readonly message: string;
  readonly fields: readonly ElicitField[];
  readonly isActive: boolean;
  readonly onAnswer: (answer: FormAnswer) => void;
  readonly width?: number;
  readonly maxHeight?: number;
}

const ACCENT = "cyan";
/** Border and padding columns. */
const FRAME_COLUMNS = 4;
/** Rows the prompt box and footer keep under the modal when no height is given. */
const BELOW_ROWS = 4;
const INDENT = "    ";

interface Row {
  readonly node: ReactNode;
  /** The field (or, past the fields, the buttons) this row belongs to. */
  readonly owner: number;
}

const FORMAT_HINT: Record<string, string> = { email: "email", uri: "URI", date: "YYYY-MM-DD", "date-time": "YYYY-MM-DDThh:mm:ssZ" };

function hintOf(field: ElicitField): string {
  if (field.kind === "text") {
    const parts = [field.format ? FORMAT_HINT[field.format] : undefined, field.minLength !== undefined ? `≥${field.minLength} chars` : undefined, field.maxLength !== undefined ? `≤${field.maxLength} chars` : undefined];
    return parts.filter(Boolean).join(", ");
  }
  if (field.kind === "number") {
    const range = field.minimum !== undefined && field.maximum !== undefined ? `${field.minimum}–${field.maximum}` : field.minimum !== undefined ? `≥${field.minimum}` : field.maximum !== undefined ? `≤${field.maximum}` : "";
    return [field.integer ? "whole number" : "number", range].filter(Boolean).join(", ");
  }
  if (field.kind === "multi") return "Space toggles";
  return "";
}

/** One field's rows. */
function fieldRows(field: ElicitField, index: number, state: ElicitationFormState, active: boolean): Row[] {
  const focused = active && state.focus === index;
  const rows: ReactNode[] = [];
  const hint = hintOf(field);
  rows.push(
    <Text wrap="truncate-end" color={focused ? ACCENT : undefined} bold={focused}>
      {focused ? "❯ " : "  "}
      {terminalSafeLine(field.label)}
      {field.required ? <Text color="red">*</Text> : null}
      {hint ? <Text dimColor bold={false}> ({hint})</Text> : null}
    </Text>,
  );
  if (field.description) rows.push(<Text wrap="truncate-end" dimColor>{INDENT + terminalSafeLine(field.description)}</Text>);
  const value = state.values[field.key];
  if (field.kind === "text" || field.kind === "number") {
    const input = state.inputs[field.key] ?? { value: "", cursor: 0 };
    rows.push(
      // The cursor is usually at the end: a long value keeps its end in view.
      <Text wrap={focused ? "truncate-start" : "truncate-end"}>
        {INDENT}
        <Text color={focused ? ACCENT : undefined}>› </Text>
        <TextWithCursor state={input} isActive={focused} placeholder={focused ? " " : ""} />
      </Text>,
    );
  } else if (field.kind === "boolean") {
    rows.push(
      <Text wrap="truncate-end">
        {INDENT}
        <Text color={focused ? ACCENT : undefined}>{value === true ? "[x] yes" : "[ ] no"}</Text>
      </Text>,
    );
  } else {
    const chosen = field.kind === "multi" ? ((value as readonly string[] | undefined) ?? []) : [value];
    field.options.forEach((option, i) => {
      const under = focused && (state.optionCursor[field.key] ?? 0) === i;
      const on = chosen.includes(option.value);
      const mark = field.kind === "multi" ? (on ? "[x]" : "[ ]") : on ? "(•)" : "( )";
      rows.push(
        <Text wrap="truncate-end" color={under ? ACCENT : undefined} bold={under}>
          {INDENT}
          {mark} {terminalSafeLine(option.label)}
        </Text>,
      );
    });
  }
  const error = shownError(state, field);
  if (error) rows.push(<Text wrap="truncate-end" color="red">{`${INDENT}✗ ${error}`}</Text>);
  return rows.map((node) => ({ node, owner: index }));
}

function buttonRow(state: ElicitationFormState, active: boolean): ReactNode {
  return (
    <Text wrap="truncate-end">
      {FORM_BUTTONS.map((label, i) => {
        const focused = active && state.focus === state.fields.length + i;
        return (
          <Text key={label} color={focused ? ACCENT : undefined} bold={focused} inverse={focused} dimColor={!active}>
            {` ${label} `}
          </Text>
        );
      })}
    </Text>
  );
}

/** The slice of `rows` to show in `room` rows: everything, or a window that ends at the focused block's last row. */
function visibleRange(rows: readonly Row[], focus: number, room: number): { start: number; end: number } {
  if (rows.length <= room) return { start: 0, end: rows.length };
  const first = rows.findIndex((r) => r.owner === focus);
  let last = first;
  while (last + 1 < rows.length && rows[last + 1]?.owner === focus) last++;
  const start = Math.max(0, Math.min(first, last + 1 - room, rows.length - room));
  return { start, end: start + room };
}

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
  const window = visibleRange(rows, Math.min(state.focus, fields.length + FORM_BUTTONS.length - 1), scrolls ? room - 1 : room);
  const above = window.start;
  const below = rows.length - window.end;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={ACCENT} paddingX={1} width={width} flexShrink={0}>
      <Text wrap="truncate-end">
        <Text bold color={ACCENT}>{terminalSafeLine(props.server)}</Text>
        <Text bold> asks for input</Text>
      </Text>
      {rows.slice(window.start, window.end).map((row, i) => (
        <Box key={window.start + i}>{row.node}</Box>
      ))}
      {scrolls ? <Text color={ACCENT}>{[above > 0 ? `↑ ${above} more` : "", below > 0 ? `↓ ${below} more` : ""].filter(Boolean).join(" · ")}</Text> : null}
      <Text dimColor wrap="truncate-end">
        ↑↓/Tab move · ←→ choose · Space toggle · Esc cancel
      </Text>
    </Box>
  );
}
