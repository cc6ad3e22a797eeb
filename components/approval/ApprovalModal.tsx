/**
 * The keyboard-driven approval box: a title, the body (everything
 * that is approved, wrapped, scrolled when taller than the room it has),
 * numbered choices, and for a choice that takes one, a message field. Used
 * for project MCP servers and for tool calls; it owns the keyboard while it
 * is active, and shows its choices dimmed until then (see useArming).
 */
import { Box, Text, useWindowSize } from "ink";
import { useState } from "react";
import { bodyWindow, hiddenRowsText, wrapBody, line, type BodyLine } from "../rows/body-lines.ts";
import { BodyRows } from "../rows/BodyRows.tsx";
import { useApprovalKeys } from "./useApprovalKeys.ts";
import { refusalText } from "./approval-state.ts";
import { TextWithCursor } from "../prompt/TextWithCursor.tsx";

/** One numbered choice as the modal shows it. */
export interface ApprovalChoiceView {
  readonly label: string;
  readonly asksForMessage: boolean;
  /** A line under the label saying what the choice means (or why it is not available); terminal-safe. */
  readonly detail?: string;
  /** Shown dimmed; its digit and Enter do nothing. */
  readonly disabled?: boolean;
}

/** A run of the title in one style; its text must be terminal-safe. */
export interface TitlePart {
  readonly text: string;
  readonly color?: string;
  readonly dim?: boolean;
}

/** The question, its choices and where the answer goes. */
export interface ApprovalModalProps {
  /** What is asked, in bold runs (a dim run is not bold); wrapped like the body. */
  readonly title: readonly TitlePart[];
  /** What is approved, unwrapped: the modal wraps and scrolls it. */
  readonly body: readonly BodyLine[];
  /** The last choice is the refusal that Esc picks. */
  readonly choices: readonly ApprovalChoiceView[];
  /** What Esc does, in two words: "deny", "don't start". */
  readonly escapeHint: string;
  /** Ink colour name of the border. */
  readonly accent: string;
  /** Takes keys; until then the choices show dimmed. */
  readonly isActive: boolean;
  readonly onDecide: (index: number, message?: string) => void;
  /** Esc, when it is more than the last choice (see useApprovalKeys); `escapeHint` says what it does. */
  readonly onEscape?: () => void;
  /** Text typed at the modal that is none of its keys: the user thinks they are in the prompt. */
  readonly onStrayKey?: () => void;
  /** Columns the box takes, border included; the terminal's width by default. */
  readonly width?: number;
  /** Rows the box may take at most; the terminal's height less the prompt and footer by default. */
  readonly maxHeight?: number;
  /** The message field's placeholder; "optional: what should the model do instead?" by default. */
  readonly messagePlaceholder?: string;
  /** The choice highlighted first (a picker's current entry); the first available by default. */
  readonly initialFocus?: number;
}

/** Border and padding columns. */
const FRAME_COLUMNS = 4;
/** Rows the prompt box and footer keep under the modal when no height is given. */
const BELOW_ROWS = 4;
/** Columns of `❯ 1. ` before a choice's label. */
const CHOICE_INDENT = 5;

/** A bordered box of numbered choices that owns the keyboard while `isActive`. */
export function ApprovalModal(props: ApprovalModalProps) {
  const { title, body, choices, escapeHint, accent, isActive, onDecide } = props;
  const terminal = useWindowSize();
  const width = props.width ?? terminal.columns;
  const maxHeight = props.maxHeight ?? terminal.rows - BELOW_ROWS;
  const inner = Math.max(10, width - FRAME_COLUMNS);
  const [offset, setOffset] = useState(0);

  const choiceRows = choices.map((choice, i) => [
    // A label's later rows sit under its text, not its number: wrapped to the room that leaves (a prose break's space dropped).
    ...wrapBody([line(`${i + 1}. ${choice.label}`, "plain", 0, `${i + 1}. `.length)], inner - 2).map((row, j) =>
      j === 0 ? row : line(`${" ".repeat(row.indent ?? 0)}${row.text.trimStart()}`, "plain"),
    ),
    ...(choice.detail === undefined
      ? []
      : wrapBody([line(choice.detail, "plain")], inner - 5).map((row) => line(`   ${row.text}`, "dim"))),
  ]);
  const wrapped = wrapBody(body, inner);
  const titleRows = wrapBody([line(title.map((part) => part.text).join(""))], inner).length;
  const digits = choices.length > 1 ? `1-${choices.length}` : "1";
  const fixedRows = (scrolls: boolean) => {
    const hint = wrapBody(
      [line(helpText(false, scrolls, digits, escapeHint, props.onEscape !== undefined))],
      inner,
    ).length;
    const messageRow = choices.some((c) => c.asksForMessage) ? 1 : 0;
    // Where a choice is disabled, room is kept for why a key did nothing (the longest such line).
    const refusals = choices.flatMap((c, i) =>
      c.disabled ? [refusalText(i, c.detail), refusalText(-1, undefined)] : [],
    );
    const refusalRow = Math.max(0, ...refusals.map((text) => wrapBody([line(text)], inner).length));
    // The border, and the blank rows before the choices and the hint, given up when space is short.
    return 2 + (scrolls ? 0 : 2) + titleRows + choiceRows.flat().length + messageRow + refusalRow + hint;
  };
  const fits = wrapped.length <= maxHeight - fixedRows(false);
  // A body that does not fit gives up one of its rows to the "↓ 12 lines below" line.
  const bodyRows = fits ? wrapped.length : Math.max(1, maxHeight - fixedRows(true) - 1);
  const window = bodyWindow(wrapped.length, offset, bodyRows);
  const page = Math.max(1, bodyRows - 1);
  const scroll = (delta: number): void => setOffset((o) => bodyWindow(wrapped.length, o + delta, bodyRows).start);

  const state = useApprovalKeys({
    asksForMessage: choices.map((c) => c.asksForMessage),
    disabled: choices.map((c) => c.disabled === true),
    initialFocus: props.initialFocus,
    isActive,
    onDecide,
    onStrayKey: props.onStrayKey,
    onEscape: props.onEscape,
    onScroll: fits ? undefined : (pages, rows) => scroll(pages * page + rows),
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={accent} paddingX={1} width={width} flexShrink={0}>
      <Text>
        {title.map((part, i) => (
          <Text key={i} bold={!part.dim} dimColor={part.dim} color={part.color}>
            {part.text}
          </Text>
        ))}
      </Text>
      <BodyRows rows={wrapped.slice(window.start, window.end)} />
      {fits ? null : <Text color={accent}>{hiddenRowsText(window)}</Text>}
      <Box flexDirection="column" marginTop={fits ? 1 : 0}>
        {choiceRows.map((rows, i) => {
          const focused = isActive && i === state.focus;
          return rows.map((row, j) => (
            <Text
              key={`${i}:${j}`}
              color={focused && row.tone !== "dim" ? accent : undefined}
              bold={focused && row.tone !== "dim"}
              dimColor={!isActive || row.tone === "dim" || choices[i]?.disabled === true}
            >
              {j > 0 ? "  " : focused ? "❯ " : "  "}
              {row.text}
            </Text>
          ));
        })}
      </Box>
      {isActive && state.refused !== undefined ? (
        <Text color="yellow">{refusalText(state.refused, choices[state.refused]?.detail)}</Text>
      ) : null}
      {state.typing ? (
        <Box marginLeft={CHOICE_INDENT}>
          <Text color={accent}>› </Text>
          <TextWithCursor
            state={state.message}
            isActive={isActive}
            placeholder={props.messagePlaceholder ?? "optional: what should the model do instead?"}
          />
        </Box>
      ) : null}
      <Box marginTop={fits ? 1 : 0}>
        <Text dimColor>{helpText(state.typing, !fits, digits, escapeHint, props.onEscape !== undefined)}</Text>
      </Box>
    </Box>
  );
}

function helpText(typing: boolean, scrolls: boolean, digits: string, escapeHint: string, escapeStops = false): string {
  if (typing) return `Enter send · Esc ${escapeStops ? escapeHint : "deny without a message"} · ↑ back`;
  return `↑/↓ j/k move · Enter or ${digits} choose${scrolls ? " · PgUp/PgDn scroll" : ""} · Esc ${escapeHint}`;
}
