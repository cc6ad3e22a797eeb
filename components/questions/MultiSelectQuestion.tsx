/**
 * A question whose options may be ticked several at once: ↑/↓ move, Space or
 * a digit ticks, Enter on "Done" (or anywhere, once something is ticked)
 * answers, Esc declines. Deaf and dimmed until armed.
 */
import { Box, Text } from "ink";
import { useRef } from "react";
import type { UserQuestion } from "../../src/tools/ask-user-question.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { useKeys } from "../keys/useKeys.ts";
import { useLatestReducer } from "../keys/useLatestReducer.ts";
import { initialMultiSelect, reduceMultiSelect } from "./multi-select-state.ts";

export interface MultiSelectQuestionProps {
  readonly question: UserQuestion;
  /** `1/2` when there are several questions. */
  readonly position: string;
  readonly isActive: boolean;
  /** The ticked labels; undefined: declined. */
  readonly onAnswer: (labels: readonly string[] | undefined) => void;
  readonly onStrayKey?: () => void;
  readonly width?: number;
}

export function MultiSelectQuestion({
  question,
  position,
  isActive,
  onAnswer,
  onStrayKey,
  width,
}: MultiSelectQuestionProps) {
  const [state, dispatch, current] = useLatestReducer(reduceMultiSelect, initialMultiSelect(question.options.length));
  const answered = useRef(false);
  const answer = (labels: readonly string[] | undefined): void => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(labels);
  };
  const done = (): void => answer(question.options.filter((_, i) => current().ticked.has(i)).map((o) => o.label));
  useKeys(
    (input, key) => {
      if (answered.current) return;
      if (key.escape) return answer(undefined);
      if (key.upArrow) return dispatch({ type: "move", delta: -1 });
      if (key.downArrow || key.tab) return dispatch({ type: "move", delta: 1 });
      if (key.return) {
        const { focus, rows, ticked } = current();
        if (focus === rows - 1 || ticked.size > 0) return done();
        return dispatch({ type: "toggle", index: focus });
      }
      for (const ch of input) {
        if (ch === " ") dispatch({ type: "toggle", index: current().focus });
        else if (ch >= "1" && ch <= String(question.options.length))
          dispatch({ type: "toggle", index: Number(ch) - 1 });
        else if (ch === "\r") return done();
        else return onStrayKey?.();
      }
    },
    { isActive },
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="blue" paddingX={1} width={width} flexShrink={0}>
      <Text bold>
        <Text color="blue">{`${position}${terminalSafeLine(question.header)} `}</Text>
        {terminalSafeLine(question.question)}
      </Text>
      <Box flexDirection="column" marginTop={1}>
        {question.options.map((option, i) => {
          const focused = isActive && state.focus === i;
          return (
            <Text key={i} color={focused ? "blue" : undefined} dimColor={!isActive} wrap="truncate-end">
              {`${focused ? "❯" : " "} [${state.ticked.has(i) ? "x" : " "}] ${i + 1}. ${terminalSafeLine(option.label)}`}
              {option.description ? <Text dimColor>{` — ${terminalSafeLine(option.description)}`}</Text> : null}
            </Text>
          );
        })}
        <Text color={isActive && state.focus === state.rows - 1 ? "blue" : undefined} dimColor={!isActive}>
          {`${isActive && state.focus === state.rows - 1 ? "❯" : " "} Done`}
        </Text>
      </Box>
      <Text dimColor>↑/↓ move · Space or digit tick · Enter answer · Esc decline</Text>
    </Box>
  );
}
