/**
 * PgUp/PgDn scroll the transcript by a third of the screen's rows in items,
 * whatever has the keyboard, so a modal's context can be read back too.
 */
import { useInput } from "ink";
import { reduceScroll, type ScrollEnd } from "./transcript-scroll.ts";
import { useLatestReducer } from "../hooks/useLatestReducer.ts";

/** Where the view ends, and a way back to the newest item. */
export interface TranscriptScroll {
  readonly end: ScrollEnd;
  readonly toBottom: () => void;
}

/** Scroll state for a transcript of `length` items on a screen of `rows` rows. */
export function useTranscriptScroll(length: number, rows: number): TranscriptScroll {
  const [end, dispatch] = useLatestReducer(reduceScroll, null as ScrollEnd);
  const by = Math.max(1, Math.floor(rows / 3));
  useInput((_input, key) => {
    if (key.pageUp) dispatch({ type: "up", by, length });
    else if (key.pageDown) dispatch({ type: "down", by, length });
  });
  return { end, toBottom: () => dispatch({ type: "bottom" }) };
}
