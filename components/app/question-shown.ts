/**
 * Which question the screen shows when several wait, and the key it goes by:
 * arming (components/approval/useArming.ts) starts afresh whenever the key
 * changes, so a key pressed for one question never answers the next.
 */

/** What may be waiting; each field is set while its question waits. */
export interface WaitingQuestions {
  /** The shared settings file's: first, since the servers wait for its answer. */
  readonly settings?: { readonly fingerprint: string };
  /** A project server's approval (the round's first). */
  readonly server?: { readonly name: string };
  /** A tool call's approval. */
  readonly permission?: { readonly id: number };
  /** An MCP server's elicitation or sampling request. */
  readonly serverQuestion?: { readonly id: number };
  /** The model's AskUserQuestion, by its own key (the question, and which of its questions). */
  readonly userQuestion?: string;
  /** A /resume or /model picker. */
  readonly picker?: { readonly id: number };
  /** Shift+Tab's question before bypassPermissions: last, and no modal. */
  readonly bypass: boolean;
}

/** The key of the question shown, in the order above; undefined when none waits. */
export function questionShown(waiting: WaitingQuestions): string | undefined {
  const { settings, server, permission, serverQuestion, userQuestion, picker, bypass } = waiting;
  if (settings) return `settings:${settings.fingerprint}`;
  if (server) return `server:${server.name}`;
  if (permission) return `tool:${permission.id}`;
  if (serverQuestion) return `ask:${serverQuestion.id}`;
  if (userQuestion !== undefined) return userQuestion;
  if (picker) return `pick:${picker.id}`;
  return bypass ? BYPASS_QUESTION : undefined;
}

/** The bypassPermissions question's key: a line under the prompt, not a modal over the transcript. */
export const BYPASS_QUESTION = "bypass";
