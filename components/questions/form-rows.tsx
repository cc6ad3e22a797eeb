/**
 * The elicitation form's rows, one line each: per field its label (with
 * required mark and a hint of what it takes), description, value or options,
 * and error; then the Accept / Decline / Cancel buttons. Everything the
 * server wrote passes through terminal-safe.
 */
import { Text } from "ink";
import type { ReactNode } from "react";
import type { ElicitField } from "../../src/mcp/requests/elicitation.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { TextWithCursor } from "../prompt/TextWithCursor.tsx";
import { FORM_BUTTONS, shownError, type ElicitationFormState } from "./elicitation-form-state.ts";
import type { OwnedRow } from "./form-window.ts";

export const ACCENT = "cyan";
const INDENT = "    ";

/** One line of the form, and what it belongs to (see OwnedRow). */
export interface Row extends OwnedRow {
  readonly node: ReactNode;
}

const FORMAT_HINT: Record<string, string> = {
  email: "email",
  uri: "URI",
  date: "YYYY-MM-DD",
  "date-time": "YYYY-MM-DDThh:mm:ssZ",
};

function hintOf(field: ElicitField): string {
  if (field.kind === "text") {
    const parts = [
      field.format ? FORMAT_HINT[field.format] : undefined,
      field.minLength !== undefined ? `≥${field.minLength} chars` : undefined,
      field.maxLength !== undefined ? `≤${field.maxLength} chars` : undefined,
    ];
    return parts.filter(Boolean).join(", ");
  }
  if (field.kind === "number") {
    const range =
      field.minimum !== undefined && field.maximum !== undefined
        ? `${field.minimum}–${field.maximum}`
        : field.minimum !== undefined
          ? `≥${field.minimum}`
          : field.maximum !== undefined
            ? `≤${field.maximum}`
            : "";
    return [field.integer ? "whole number" : "number", range].filter(Boolean).join(", ");
  }
  if (field.kind === "multi") return "Space toggles";
  return "";
}

/** One field's rows. */
export function fieldRows(field: ElicitField, index: number, state: ElicitationFormState, active: boolean): Row[] {
  const focused = active && state.focus === index;
  const rows: ReactNode[] = [];
  let cursorRow = -1;
  const hint = hintOf(field);
  rows.push(
    <Text wrap="truncate-end" color={focused ? ACCENT : undefined} bold={focused}>
      {focused ? "❯ " : "  "}
      {terminalSafeLine(field.label)}
      {field.required ? <Text color="red">*</Text> : null}
      {hint ? (
        <Text dimColor bold={false}>
          {" "}
          ({hint})
        </Text>
      ) : null}
    </Text>,
  );
  if (field.description)
    rows.push(
      <Text wrap="truncate-end" dimColor>
        {INDENT + terminalSafeLine(field.description)}
      </Text>,
    );
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
      if (under) cursorRow = rows.length;
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
  return rows.map((node, i) => ({ node, owner: index, ...(i === cursorRow ? { cursor: true } : {}) }));
}

export function buttonRow(state: ElicitationFormState, active: boolean): ReactNode {
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
