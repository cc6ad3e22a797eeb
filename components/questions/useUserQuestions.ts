/**
 * The AskUserQuestion call on screen and which of its questions is shown;
 * the answers gather here and go back through the queue once the last is
 * answered (a declined question declines the call).
 */
import { useRef, useState } from "react";
import type {
  PendingUserQuestions,
  UserQuestionQueue,
  UserQuestionQueueSnapshot,
} from "../runtime/user-question-queue.ts";
import { Store } from "../../src/store.ts";
import { useStore } from "../keys/useStore.ts";

const first = (s: UserQuestionQueueSnapshot) => s.pending[0];
const NONE = new Store<UserQuestionQueueSnapshot>({ pending: [] });

export interface UserQuestionsView {
  readonly pending: PendingUserQuestions | undefined;
  readonly index: number;
  /** A key unique to the question shown, for useArming; undefined when none is. */
  readonly subject: string | undefined;
  readonly answer: (answer: string | undefined) => void;
}

export function useUserQuestions(queue: UserQuestionQueue | undefined): UserQuestionsView {
  const pending = useStore(queue ?? NONE, first);
  const [at, setAt] = useState<{ id: number; index: number }>({ id: 0, index: 0 });
  const answers = useRef(new Map<string, string>());
  const index = pending && at.id === pending.id ? at.index : 0;
  const answer = (given: string | undefined): void => {
    if (!pending || !queue) return;
    if (index === 0) answers.current = new Map();
    const question = pending.questions[index];
    if (given === undefined || !question) return queue.answer(pending.id, undefined);
    answers.current.set(question.question, given);
    if (index + 1 < pending.questions.length) setAt({ id: pending.id, index: index + 1 });
    else queue.answer(pending.id, answers.current);
  };
  return { pending, index, subject: pending ? `ask-user:${pending.id}:${index}` : undefined, answer };
}
