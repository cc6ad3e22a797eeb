/**
 * The keyboard-driven approval box: a question (children), numbered choices,
 * and for a choice that takes one, a message field. Used for project MCP
 * servers and for tool calls; it owns the keyboard while it is shown.
 */
import { Box, Text } from "ink";
import type { ReactNode } from "react";
import { useApprovalKeys } from "./useApprovalKeys.ts";
import { TextWithCursor } from "../text-input/TextWithCursor.tsx";

/** One numbered choice as the modal shows it. */
export interface ApprovalChoiceView {
  readonly label: string;
  readonly asksForMessage: boolean;
}

/** The question, its choices and where the answer goes. */
export interface ApprovalModalProps {
  /** The question and what it is about. */
  readonly children: ReactNode;
  /** The last choice is the refusal that Esc picks. */
  readonly choices: readonly ApprovalChoiceView[];
  /** What Esc does, in two words: "deny", "don't start". */
  readonly escapeHint: string;
  /** Ink colour name of the border. */
  readonly accent: string;
  readonly isActive: boolean;
  readonly onDecide: (index: number, message?: string) => void;
}

/** A bordered box of numbered choices that owns the keyboard while `isActive`. */
export function ApprovalModal({ children, choices, escapeHint, accent, isActive, onDecide }: ApprovalModalProps) {
  const state = useApprovalKeys({ asksForMessage: choices.map((c) => c.asksForMessage), isActive, onDecide });
  const digits = choices.length > 1 ? `1-${choices.length}` : "1";
  const help = state.typing
    ? "Enter send · Esc deny without a message · ↑ back"
    : `↑/↓ j/k move · Enter or ${digits} choose · Esc ${escapeHint}`;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={accent} paddingX={1}>
      {children}
      <Box flexDirection="column" marginTop={1}>
        {choices.map((choice, i) => {
          const focused = i === state.focus;
          return (
            <Text key={i} color={focused ? accent : undefined} bold={focused}>
              {focused ? "❯ " : "  "}
              {i + 1}. {choice.label}
            </Text>
          );
        })}
      </Box>
      {state.typing ? (
        <Box marginLeft={5}>
          <Text color={accent}>› </Text>
          <TextWithCursor
            state={state.message}
            isActive={isActive}
            placeholder="optional: what should the model do instead?"
          />
        </Box>
      ) : null}
      <Box marginTop={1}>
        <Text dimColor>{help}</Text>
      </Box>
    </Box>
  );
}
