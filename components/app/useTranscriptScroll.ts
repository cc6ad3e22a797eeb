/**
 * Where the transcript is scrolled to. While an opened server has the keys it
 * scrolls with PgUp/PgDn/Home/End itself, so those leave the transcript under
 * it still; line scrolls (the wheel) still move it.
 */
import { useCallback, useRef } from "react";
import { useLatestReducer } from "../keys/useLatestReducer.ts";
import { FOLLOWING, reduceScroll, type ScrollAction, type ScrollTop } from "../transcript/scroll.ts";

export interface TranscriptScroll {
  /** The first line shown, or FOLLOWING (the newest at the bottom). */
  readonly top: ScrollTop;
  /** Every scroll the prompt's keys ask for. */
  readonly scroll: (action: ScrollAction) => void;
  /** What the transcript's own keys send: the same once stable, so Transcript's props stay the same. */
  readonly onScroll: (action: ScrollAction) => void;
}

export function useTranscriptScroll(openedServerScrolls: boolean): TranscriptScroll {
  const [top, scroll] = useLatestReducer(reduceScroll, FOLLOWING);
  // A ref, so onScroll stays the same function as the panel opens and closes.
  const serverScrolls = useRef(false);
  serverScrolls.current = openedServerScrolls;
  const onScroll = useCallback(
    (action: ScrollAction) => {
      if (!serverScrolls.current || action.type === "lines") scroll(action);
    },
    [scroll],
  );
  return { top, scroll, onScroll };
}
