/**
 * The model's AskUserQuestion calls waiting for the user: the tool awaits
 * `ask`, the modal shows the first pending call and answers it. An
 * interrupted turn takes its questions back (declined).
 */
import type { AskUser, UserAnswers, UserQuestion } from "../../src/tools/ask-user-question.ts";
import { Store } from "../../src/store.ts";

export interface PendingUserQuestions {
  readonly id: number;
  readonly questions: readonly UserQuestion[];
}

export interface UserQuestionQueueSnapshot {
  readonly pending: readonly PendingUserQuestions[];
}

export class UserQuestionQueue extends Store<UserQuestionQueueSnapshot> {
  readonly #waiting = new Map<number, (answers: UserAnswers | undefined) => void>();
  #nextId = 1;

  constructor() {
    super({ pending: [] });
  }

  readonly ask: AskUser = (questions, signal) => {
    if (signal.aborted) return Promise.resolve(undefined);
    const id = this.#nextId++;
    return new Promise((resolve) => {
      const onAbort = (): void => this.answer(id, undefined);
      this.#waiting.set(id, (answers) => {
        signal.removeEventListener("abort", onAbort);
        resolve(answers);
      });
      signal.addEventListener("abort", onAbort, { once: true });
      this.update((s) => ({ pending: [...s.pending, { id, questions }] }));
    });
  };

  /** Answers call `id`; undefined declines it. */
  answer(id: number, answers: UserAnswers | undefined): void {
    const settle = this.#waiting.get(id);
    if (!settle) return;
    this.#waiting.delete(id);
    this.update((s) => ({ pending: s.pending.filter((p) => p.id !== id) }));
    settle(answers);
  }
}
