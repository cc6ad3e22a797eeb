/**
 * The keys that move the transcript, whatever has the keyboard (so the
 * context of a modal can be read back too): PgUp/PgDn by a screenful of
 * rows, Home/End to the top and back to following, the mouse wheel when the
 * terminal reports it, and Ctrl+O to show tool output whole or folded.
 */
import { useInput, useStdin } from "ink";
import { useEffect, useRef } from "react";
import type { ScrollAction, ScrollMetrics } from "./scroll.ts";
import { wheelLines } from "./wheel.ts";

/** Where the view is measured from, and what the keys change. */
export interface TranscriptKeys {
  readonly metrics: ScrollMetrics;
  readonly onScroll: (action: ScrollAction) => void;
  readonly onToggleExpanded?: () => void;
}

export function useTranscriptKeys({ metrics, onScroll, onToggleExpanded }: TranscriptKeys): void {
  useInput((input, key) => {
    if (key.pageUp) onScroll({ type: "page-up", ...metrics });
    else if (key.pageDown) onScroll({ type: "page-down", ...metrics });
    else if (key.home) onScroll({ type: "home", ...metrics });
    else if (key.end) onScroll({ type: "end" });
    else if (key.ctrl && input === "o") onToggleExpanded?.();
  });
  useWheel((by) => onScroll({ type: "lines", by, ...metrics }));
}

/**
 * Wheel reports, read beside Ink: while Ink reads stdin through `readable`,
 * a `data` listener sees each chunk Ink reads without taking the stream over.
 */
function useWheel(onWheel: (lines: number) => void): void {
  const { stdin } = useStdin();
  const latest = useRef(onWheel);
  latest.current = onWheel;
  useEffect(() => {
    const tap = (chunk: Buffer | string): void => {
      const lines = wheelLines(chunk.toString());
      if (lines !== 0) latest.current(lines);
    };
    stdin.on("data", tap);
    return () => void stdin.off("data", tap);
  }, [stdin]);
}
