/**
 * The model's AskUserQuestion, one question at a time: a single-choice
 * question in the approval modal's frame with "Other…" for the user's own
 * words, a multiple-choice one as a list of ticks. Each question arms anew
 * (its key is passed to useArming by App), so keys typed before it cannot answer.
 */
import type { UserQuestion } from "../../src/tools/ask-user-question.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { line } from "../rows/body-lines.ts";
import { ApprovalModal } from "../approval/ApprovalModal.tsx";
import { MultiSelectQuestion } from "./MultiSelectQuestion.tsx";

export interface AskUserQuestionModalProps {
  readonly questions: readonly UserQuestion[];
  /** Which question is shown (App keeps the answers so far). */
  readonly index: number;
  readonly isActive: boolean;
  /** This question's answer; undefined: the user declined (Esc). */
  readonly onAnswer: (answer: string | undefined) => void;
  readonly onStrayKey?: () => void;
  readonly width?: number;
  readonly maxHeight?: number;
}

export function AskUserQuestionModal({
  questions,
  index,
  isActive,
  onAnswer,
  onStrayKey,
  width,
  maxHeight,
}: AskUserQuestionModalProps) {
  const question = questions[index];
  if (!question) return null;
  const position = questions.length > 1 ? `${index + 1}/${questions.length} ` : "";
  if (question.multiSelect) {
    return (
      <MultiSelectQuestion
        question={question}
        position={position}
        isActive={isActive}
        onAnswer={(labels) => onAnswer(labels === undefined ? undefined : labels.join(", "))}
        onStrayKey={onStrayKey}
        width={width}
      />
    );
  }
  const choices = [
    ...question.options.map((o) => ({
      label: terminalSafeLine(o.description ? `${o.label} — ${o.description}` : o.label),
      asksForMessage: false,
    })),
    { label: "Other…", asksForMessage: true },
  ];
  return (
    <ApprovalModal
      title={[
        { text: `${position}${terminalSafeLine(question.header)} `, color: "blue" },
        { text: terminalSafeLine(question.question) },
      ]}
      body={[line("The model asks:", "plain")]}
      choices={choices}
      escapeHint="decline"
      accent="blue"
      isActive={isActive}
      onDecide={(chosen, message) =>
        onAnswer(chosen < question.options.length ? question.options[chosen]?.label : message)
      }
      onStrayKey={onStrayKey}
      width={width}
      maxHeight={maxHeight}
      messagePlaceholder="your answer, in your own words"
    />
  );
}
