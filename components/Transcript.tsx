/**
 * The finished part of the chat transcript, through <Static>: each item is
 * drawn once, keyed by its id; a new `redrawKey` (after /clear or a resize)
 * starts a fresh <Static> that draws them all again.
 */
import { Static } from "ink";
import type { TranscriptItem } from "../src/session/transcript-items.ts";
import { TranscriptItemView } from "./TranscriptItemView.tsx";

/** The finished items and the key that forces a full redraw. */
export interface TranscriptProps {
  /** Changes after /clear or a resize: a new <Static> draws every item again. */
  readonly redrawKey: string;
  /** Append-only while `redrawKey` stays the same. */
  readonly items: readonly TranscriptItem[];
}

/** <Static> over the transcript items. */
export function Transcript({ redrawKey, items }: TranscriptProps) {
  return (
    <Static key={redrawKey} items={items as TranscriptItem[]}>
      {(item) => <TranscriptItemView key={item.id} item={item} />}
    </Static>
  );
}
