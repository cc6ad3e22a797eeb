/**
 * What the chat transcript holds: finished items, append-only with stable
 * ids (the UI renders each item once and reuses it), plus the assistant
 * text still streaming in.
 */

import type { BodyLine } from "../rows/body-lines.ts";

/** One finished line (or block) of the transcript. */
export type TranscriptItem =
  | { readonly kind: "user"; readonly id: number; readonly text: string }
  /** `◇ system  date 2026-10-22` */
  /** `warning`: something left out the user should know of (shown in yellow). */
  | {
      readonly kind: "system";
      readonly id: number;
      readonly label: string;
      readonly text: string;
      readonly warning?: boolean;
    }
  | { readonly kind: "assistant"; readonly id: number; readonly text: string }
  /** Extended thinking: dimmed and folded to one line until Ctrl+O; `redacted` when the API encrypted it. */
  | { readonly kind: "thinking"; readonly id: number; readonly text: string; readonly redacted: boolean }
  /** `⏺ mcp__tracker__list_issues(Todo)` */
  | { readonly kind: "tool-call"; readonly id: number; readonly label: string }
  | {
      readonly kind: "tool-result";
      readonly id: number;
      readonly name: string;
      readonly isError: boolean;
      /** Every line of the result: folded to a few in the transcript until Ctrl+O. */
      readonly lines: readonly string[];
    }
  /** The change a successful Edit or Write made, as a unified diff (file-diff.ts): folded to a few rows until Ctrl+O. */
  | { readonly kind: "diff"; readonly id: number; readonly lines: readonly BodyLine[] }
  /** `toolUseId`: the call it refused, whose error result then goes unshown (it repeats the message). */
  | {
      readonly kind: "denied";
      readonly id: number;
      readonly toolUseId: string;
      readonly name: string;
      readonly message: string;
    }
  | { readonly kind: "error"; readonly id: number; readonly message: string }
  /** `⎿ Attached posts.ts (168 B)` under the prompt, or why a mention was not attached. */
  | {
      readonly kind: "attachment";
      readonly id: number;
      readonly mention: string;
      readonly attached: boolean;
      readonly detail: string;
    }
  /** A subagent's work under its Agent call (subagent-block.ts): replaced, same id, as its events come in. */
  | {
      readonly kind: "subagent";
      readonly id: number;
      readonly parentId: string;
      readonly agent: string;
      readonly steps: readonly SubagentStep[];
      readonly toolUses: number;
      readonly tokens: number;
      readonly done: boolean;
      readonly isError: boolean;
      readonly durationMs?: number;
    }
  /** A quiet note from the session itself: "Interrupted.", "Conversation cleared." */
  | { readonly kind: "notice"; readonly id: number; readonly text: string }
  /** The output of a slash command. */
  | { readonly kind: "command"; readonly id: number; readonly lines: readonly string[]; readonly isError: boolean };

import type { RetryNotice } from "../../src/model/model.ts";

/** One line of a subagent's work under its Agent row (subagent-block.ts folds the events into them). */
export type SubagentStep = { readonly kind: "call" | "text" | "error"; readonly text: string };
/** The transcript store's snapshot. */
export interface TranscriptState {
  readonly items: readonly TranscriptItem[];
  /** Assistant text streamed so far and not yet final; "" when none. */
  readonly live: string;
  /** True from a prompt's submission until its `turn_end`. */
  readonly running: boolean;
  /** The model request is waiting to be tried again (the working line says so); until its next output. */
  readonly retry?: RetryNotice;
  readonly nextId: number;
}

/** A session before anything happened. */
export const EMPTY_TRANSCRIPT: TranscriptState = { items: [], live: "", running: false, nextId: 1 };
