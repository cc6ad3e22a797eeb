/**
 * A reply's text saved as it streams in (`partial` lines in the saved
 * session), so mini-cc killed in the middle of a reply loses at most the last
 * half second of it: the first piece at once, then what came since at most
 * FLUSH_MS later. The reply's own line (or the interruption's) follows and
 * supersedes them; partial lines left last in the file are a reply mini-cc
 * was killed while receiving, which a resume keeps and marks as cut.
 */
import { type Clock, systemClock } from "../clock.ts";
import type { ConversationEntry } from "./conversation.ts";

/** The longest a streamed piece waits before it is saved. */
export const FLUSH_MS = 500;

/** What the model reads after a reply cut by mini-cc's death. */
export const CUT_REPLY_NOTE = "[mini-cc was killed while this reply was being written: it ends where it was cut]";
/** What the resumed transcript shows under it. */
export const CUT_REPLY_SHOWN = "mini-cc was killed while this reply came in: it ends where it was cut.";

type Partial = Extract<ConversationEntry, { type: "partial" }>;

/** Saves one request's streamed text through `record`. */
export class StreamedReply {
  readonly #record: (entry: Partial) => void;
  readonly #clock: Clock;
  #unsaved = "";
  #saved = false;
  /** Cancels the flush due, while one is. */
  #cancelFlush: (() => void) | undefined;

  constructor(record: (entry: Partial) => void, clock: Clock = systemClock) {
    this.#record = record;
    this.#clock = clock;
  }

  add(text: string): void {
    this.#unsaved += text;
    if (!this.#saved) this.#flush();
    else this.#cancelFlush ??= this.#clock.setTimeout(() => this.#flush(), FLUSH_MS);
  }

  /** The request is tried again and streams afresh: what was saved of this attempt is void. */
  retried(): void {
    this.stop();
    this.#unsaved = "";
    if (this.#saved) this.#record({ type: "partial", text: "", restart: true });
  }

  /** The request failed: nothing of it is a reply (no other line follows to say so). */
  failed(): void {
    this.stop();
    if (this.#saved) this.#record({ type: "partial", text: "", end: true });
  }

  /** The stream is over, one way or another: the line that follows holds the reply. */
  stop(): void {
    this.#cancelFlush?.();
    this.#cancelFlush = undefined;
  }

  #flush(): void {
    this.#cancelFlush = undefined;
    if (this.#unsaved === "") return;
    this.#record({ type: "partial", text: this.#unsaved });
    this.#saved = true;
    this.#unsaved = "";
  }
}

/**
 * The text of a reply mini-cc was killed while receiving: the partial lines
 * last in `entries` (from the last restart on) joined; undefined when the
 * last line is not one, or ends a failed request.
 */
export function cutReply(entries: readonly ConversationEntry[]): string | undefined {
  let first = entries.length;
  while (first > 0 && entries[first - 1]!.type === "partial") first--;
  const trailing = entries.slice(first) as Partial[];
  if (trailing.length === 0 || trailing.at(-1)!.end === true) return undefined;
  const restart = trailing.findLastIndex((entry) => entry.restart === true);
  return trailing
    .slice(restart + 1)
    .map((entry) => entry.text)
    .join("");
}
