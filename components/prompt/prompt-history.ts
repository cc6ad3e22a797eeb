/**
 * The prompts submitted this session, and where Up/Down browsing stands, as a
 * shell keeps them: Up steps to older entries, Down back toward newer ones and
 * finally to the draft that was being typed before the first Up. In memory only.
 */

/** The entries (oldest first), the one on show, and the draft it replaced. */
export interface PromptHistory {
  readonly entries: readonly string[];
  /** Index of the entry on show, or null while the user edits their own draft. */
  readonly index: number | null;
  /** What was typed before the first Up; shown again after the newest entry. */
  readonly draft: string;
}

/** A step through the history: the new state and the text to put in the field. */
export interface HistoryStep {
  readonly history: PromptHistory;
  readonly text: string;
}

/** No entries, not browsing. */
export const EMPTY_HISTORY: PromptHistory = { entries: [], index: null, draft: "" };

/** Adds a submitted line (unless it repeats the newest entry) and stops browsing. */
export function recordPrompt(history: PromptHistory, line: string): PromptHistory {
  const { entries } = history;
  const repeat = entries.length > 0 && entries[entries.length - 1] === line;
  return { entries: repeat ? entries : [...entries, line], index: null, draft: "" };
}

/** Stops browsing without adding anything (the field was cleared). */
export function leaveHistory(history: PromptHistory): PromptHistory {
  return history.index === null && history.draft === "" ? history : { ...history, index: null, draft: "" };
}

/** One entry older; `current` is kept as the draft when browsing starts. Null at the oldest entry. */
export function olderPrompt(history: PromptHistory, current: string): HistoryStep | null {
  const { entries, index } = history;
  const next = (index ?? entries.length) - 1;
  if (next < 0) return null;
  const draft = index === null ? current : history.draft;
  return { history: { entries, index: next, draft }, text: entries[next] ?? "" };
}

/** One entry newer, or the draft after the newest. Null when not browsing. */
export function newerPrompt(history: PromptHistory): HistoryStep | null {
  const { entries, index, draft } = history;
  if (index === null) return null;
  if (index + 1 >= entries.length) return { history: { entries, index: null, draft: "" }, text: draft };
  return { history: { entries, index: index + 1, draft }, text: entries[index + 1] ?? "" };
}
