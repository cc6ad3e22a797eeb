/**
 * Tool permission requests waiting for the user. The agent awaits `ask`; the
 * approval modal shows the first pending request and answers it with
 * `resolve`. An aborted turn takes its request back as a denial.
 */
import type { PermissionDecision, PermissionPrompt, PermissionRequest } from "../../src/agent/events.ts";
import type { RuleCoverage } from "../../src/agent/tool-rules.ts";
import { Store } from "../../src/store.ts";

/** One request and the id `resolve` answers it by. */
export interface PendingPermission {
  readonly id: number;
  readonly request: PermissionRequest;
}

/** The queue's immutable snapshot. */
export interface PermissionQueueSnapshot {
  /** Oldest first: the modal shows `pending[0]`. */
  readonly pending: readonly PendingPermission[];
}

/** What an aborted request resolves to. */
export const ABORTED_DECISION: PermissionDecision = { behavior: "deny", message: "Interrupted by the user." };

/** A Store of pending requests with the agent-facing `ask`. */
export class PermissionQueue extends Store<PermissionQueueSnapshot> {
  readonly #waiting = new Map<number, (decision: PermissionDecision) => void>();
  #nextId = 1;
  /** The permission chain's judge of what a session rule covers (PermissionChain.covers). */
  readonly covers: RuleCoverage;

  constructor(covers: RuleCoverage) {
    super({ pending: [] });
    this.covers = covers;
  }

  /** The PermissionPrompt to hand to the agent. */
  readonly ask: PermissionPrompt = (request, signal) => {
    if (signal.aborted) return Promise.resolve(ABORTED_DECISION);
    const id = this.#nextId++;
    return new Promise<PermissionDecision>((resolvePromise) => {
      const onAbort = (): void => this.resolve(id, ABORTED_DECISION);
      this.#waiting.set(id, (decision) => {
        signal.removeEventListener("abort", onAbort);
        resolvePromise(decision);
      });
      signal.addEventListener("abort", onAbort, { once: true });
      this.update((s) => ({ pending: [...s.pending, { id, request }] }));
    });
  };

  /**
   * Answers one request. "Allow for the session" also answers every other
   * waiting request its rule covers (the same tool, or for Bash the same
   * command prefix), since the user just said not to ask about those.
   */
  resolve(id: number, decision: PermissionDecision): void {
    const target = this.getSnapshot().pending.find((p) => p.id === id);
    if (!target) return;
    const sessionRule =
      decision.behavior === "allow" && decision.scope === "session"
        ? (decision.rule ?? target.request.toolName)
        : undefined;
    const answered = this.getSnapshot().pending.filter(
      (p) => p.id === id || (sessionRule !== undefined && this.covers(sessionRule, p.request)),
    );
    this.update((s) => ({ pending: s.pending.filter((p) => !answered.includes(p)) }));
    for (const p of answered) {
      const settle = this.#waiting.get(p.id);
      this.#waiting.delete(p.id);
      settle?.(decision);
    }
  }
}
