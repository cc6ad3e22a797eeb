/**
 * The keys that move the transcript, whatever has the keyboard (so the
 * context of a modal can be read back too): PgUp/PgDn by a screenful of
 * rows, Home/End to the top and back to following, the mouse wheel when the
 * terminal reports it, and Ctrl+O to show tool output whole or folded.
 */
import { useInput } from "ink";
import type { ScrollAction, ScrollMetrics } from "../../src/tui/transcript-scroll.ts";
import { wheelLines } from "../../src/tui/transcript-wheel.ts";

/** Where the view is measured from, and what the keys change. */
export interface TranscriptKeys {
  readonly metrics: ScrollMetrics;
  readonly onScroll: (action: ScrollAction) => void;
  readonly onToggleExpanded?: () => void;
}

export function useTranscriptKeys({ metrics, onScroll, onToggleExpanded }: TranscriptKeys): void {
  useInput((input, key) => {
    const wheel = wheelLines(input);
    if (wheel !== null) {
      if (wheel !== 0) onScroll({ type: "lines", by: wheel, ...metrics });
    } else if (key.pageUp) onScroll({ type: "page_up", ...metrics });
    else if (key.pageDown) onScroll({ type: "page_down", ...metrics });
    else if (key.home) onScroll({ type: "home", ...metrics });
    else if (key.end) onScroll({ type: "end" });
    else if (key.ctrl && input === "o") onToggleExpanded?.();
  });
}
