/**
 * Servers' questions for the user (elicitation forms and URLs, sampling
 * approvals) waiting their turn: the handlers in src/mcp/server-requests.ts
 * await `ask`; the UI shows the oldest once no other modal is open and
 * answers it with `answer`. A request the server cancels (or a session that
 * closes) takes its question back as dismissed. Questions a server asked
 * while a tool call to it ran are declined when the call ends, if still
 * waiting: a flood of them never outlives the call as modal after modal.
 */
import {
  DECLINED,
  DISMISSED,
  type ServerAnswers,
  type ServerQuestion,
  type ServerQuestionPrompt,
} from "../../src/mcp/requests/server-requests.ts";
import { Store } from "../../src/store.ts";

/** One question and the id `answer` answers it by. */
export interface PendingServerQuestion {
  readonly id: number;
  readonly question: ServerQuestion;
}

export interface ServerRequestQueueSnapshot {
  /** Oldest first: the modal shows `pending[0]`. */
  readonly pending: readonly PendingServerQuestion[];
}

/** A Store of waiting questions with the handler-facing `ask`. */
export class ServerRequestQueue extends Store<ServerRequestQueueSnapshot> {
  readonly #waiting = new Map<number, (answer: unknown) => void>();
  #nextId = 1;
  /** Per server: tool calls running, and the first question id asked since the oldest of them began. */
  readonly #calls = new Map<string, { running: number; since: number }>();

  constructor() {
    super({ pending: [] });
  }

  readonly ask: ServerQuestionPrompt = <Q extends ServerQuestion>(question: Q, signal: AbortSignal) => {
    type Answer = ServerAnswers[Q["kind"]];
    const dismissed = DISMISSED[question.kind as Q["kind"]] as Answer;
    if (signal.aborted) return Promise.resolve(dismissed);
    const id = this.#nextId++;
    return new Promise<Answer>((resolvePromise) => {
      const onAbort = (): void => this.#settle(id, dismissed);
      this.#waiting.set(id, (answer) => {
        signal.removeEventListener("abort", onAbort);
        resolvePromise(answer as Answer);
      });
      signal.addEventListener("abort", onAbort, { once: true });
      this.update((s) => ({ pending: [...s.pending, { id, question }] }));
    });
  };

  /** Answers one question; an id no longer waiting (answered, cancelled) is ignored. */
  answer<K extends ServerQuestion["kind"]>(
    pending: PendingServerQuestion & { question: { kind: K } },
    answer: ServerAnswers[K],
  ): void {
    this.#settle(pending.id, answer);
  }

  /** A tool call to `server` began; the returned function ends it (see above). */
  readonly callStarted = (server: string): (() => void) => {
    const calls = this.#calls.get(server) ?? { running: 0, since: this.#nextId };
    this.#calls.set(server, { ...calls, running: calls.running + 1 });
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const now = this.#calls.get(server);
      if (!now) return;
      if (now.running > 1) return void this.#calls.set(server, { ...now, running: now.running - 1 });
      this.#calls.delete(server);
      for (const p of this.getSnapshot().pending) {
        if (p.question.server === server && p.id >= now.since) this.#settle(p.id, DECLINED[p.question.kind]);
      }
    };
  };

  /** Every waiting question dismissed: the session is closing. */
  dismissAll(): void {
    for (const p of this.getSnapshot().pending) this.#settle(p.id, DISMISSED[p.question.kind]);
  }

  #settle(id: number, answer: unknown): void {
    const settle = this.#waiting.get(id);
    if (!settle) return;
    this.#waiting.delete(id);
    this.update((s) => ({ pending: s.pending.filter((p) => p.id !== id) }));
    settle(answer);
  }
}
