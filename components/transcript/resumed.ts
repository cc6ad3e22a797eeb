/**
 * A resumed session in the transcript: its last turns are drawn at once, the
 * earlier ones (the newest SAVED_ITEMS_SHOWN items in all) put before them
 * just after the first frame, once Markdown can be drawn, so a long session
 * opens as fast as a new one.
 */
import type { ConversationEntry } from "../../src/agent/conversation.ts";
import type { Clock } from "../../src/clock.ts";
import type { SavedSession } from "../../src/session/saved-sessions.ts";
import { loadDeferredLibraries } from "../runtime/deferred-libraries.ts";
import { savedTranscriptActions } from "./saved.ts";
import type { TranscriptItem, TranscriptState } from "./items.ts";
import { foldTranscript } from "./reducer.ts";
import type { TranscriptStore } from "./store.ts";

/** How many items of a resumed transcript are shown: laying out every row of a 500-turn session would take long. */
const SAVED_ITEMS_SHOWN = 400;
/** How long after the first frame the rest of a resumed transcript is drawn. */
export const WHOLE_SAVED_DELAY_MS = 150;
/** At most this many prompts of a resumed session are drawn in its first frame. */
const FIRST_FRAME_PROMPTS = 4;
/** Rows a tool result takes folded in the transcript (its first lines and the fold line). */
const FOLDED_RESULT_ROWS = 4;

const lineCount = (text: string) => 1 + (text.match(/\n/g)?.length ?? 0);
/** A text block's lines; any other block (a tool call, an image) one row. */
const blockRows = (blocks: readonly { type: string; text?: string }[]) =>
  blocks.reduce((n, block) => n + (block.type === "text" ? lineCount(block.text ?? "") : 1), 0);

/** Rows a saved entry takes in the transcript, roughly: enough to tell when the last turns fill a screen. */
function roughRows(entry: ConversationEntry): number {
  switch (entry.type) {
    case "prompt":
      return typeof entry.content === "string" ? lineCount(entry.content) : blockRows(entry.content);
    case "assistant":
      return blockRows(entry.message.content);
    case "tool_results":
      return entry.content.length * FOLDED_RESULT_ROWS;
    default:
      return 1;
  }
}

/**
 * The last turns that fill `rows` (up to FIRST_FRAME_PROMPTS of them): each
 * turn drawn costs the first frame a few milliseconds, and one that would sit
 * above the screen is drawn just after it anyway.
 */
function firstFrameEntries(saved: SavedSession, rows: number): readonly ConversationEntry[] {
  const recent = saved.recentEntries(FIRST_FRAME_PROMPTS);
  let filled = 0;
  for (let i = recent.length - 1; i >= 0; i--) {
    filled += roughRows(recent[i]!);
    if (recent[i]!.type === "prompt" && filled >= rows) return recent.slice(i);
  }
  return recent;
}

/** `state` with the run of items `quick` stands for replaced by every saved entry's items (the newest SAVED_ITEMS_SHOWN). */
function withWholeSaved(
  state: TranscriptState,
  quick: readonly TranscriptItem[],
  entries: readonly ConversationEntry[],
): TranscriptState {
  const at = quick.length === 0 ? -1 : state.items.indexOf(quick[0]!);
  // Cleared since, or nothing was drawn: leave the transcript as it is.
  if (at < 0 || state.items[at + quick.length - 1] !== quick.at(-1)) return state;
  const whole = foldTranscript({ ...state, items: [] }, savedTranscriptActions(entries));
  const hidden = whole.items.length - SAVED_ITEMS_SHOWN;
  const kept = hidden > 0 ? whole.items.slice(hidden) : whole.items;
  const note: TranscriptItem[] = hidden > 0 ? [{ kind: "notice", id: whole.nextId, text: hiddenNote(hidden) }] : [];
  const items = [...state.items.slice(0, at), ...note, ...kept, ...state.items.slice(at + quick.length)];
  return { ...state, items, nextId: whole.nextId + 1 };
}

function hiddenNote(hidden: number): string {
  return `${hidden.toLocaleString("en-US")} earlier lines of this session are not shown (the model has the whole conversation).`;
}

/** Draws `saved` into `transcript` on a screen of `rows`, then where it came from; `later` runs just after the first frame (by `clock`). */
export function showSavedSession(
  transcript: TranscriptStore,
  saved: SavedSession,
  { rows, clock, later }: { readonly rows: number; readonly clock: Clock; readonly later: () => void },
): void {
  // The last turns start at a prompt, so each tool call and its result stay together.
  const before = transcript.getSnapshot().items.length;
  transcript.update((state) => foldTranscript(state, savedTranscriptActions(firstFrameEntries(saved, rows))));
  const quick = transcript.getSnapshot().items.slice(before);
  transcript.dispatch({ type: "notice", text: `Resumed session ${saved.id}.` });
  // After the first frame: `later` (the context figure), then, once Markdown can be drawn, the whole saved
  // transcript (its last SAVED_ITEMS_SHOWN items) in the quick one's place.
  // (The first frame is drawn twice, once measured: a moment later, so neither waits for this.)
  clock.setTimeout(() => {
    later();
    void loadDeferredLibraries()
      .catch(() => undefined)
      .then(() => transcript.update((state) => withWholeSaved(state, quick, saved.entries)));
  }, WHOLE_SAVED_DELAY_MS);
}
