/**
 * The answers to the model's AskUserQuestion call on screen: its questions
 * are asked one by one (`at` says which), the answers gather here and go back
 * through the queue once the last is answered (a declined question declines
 * the call).
 */
import { type ReadableStore, Store } from "../../src/store.ts";
import type { PendingUserQuestions, UserQuestionQueue } from "../runtime/user-question-queue.ts";

/** Which of a call's questions is shown. */
export interface UserQuestionAt {
  readonly id: number;
  readonly index: number;
}

export class UserQuestionAnswers {
  readonly #queue: UserQuestionQueue;
  readonly #at = new Store<UserQuestionAt>({ id: 0, index: 0 });
  #answers = new Map<string, string>();

  constructor(queue: UserQuestionQueue) {
    this.#queue = queue;
  }

  get at(): ReadableStore<UserQuestionAt> {
    return this.#at;
  }

  /** The answer to question `index` of `pending`; undefined declines the call. */
  answer(pending: PendingUserQuestions, index: number, given: string | undefined): void {
    if (index === 0) this.#answers = new Map();
    const question = pending.questions[index];
    if (given === undefined || !question) return this.#queue.answer(pending.id, undefined);
    this.#answers.set(question.question, given);
    if (index + 1 < pending.questions.length) this.#at.update(() => ({ id: pending.id, index: index + 1 }));
    else this.#queue.answer(pending.id, this.#answers);
  }
}
