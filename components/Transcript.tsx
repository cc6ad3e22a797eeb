/**
 * The chat transcript, the top of the full-screen layout: the newest item
 * sits just above the prompt and older ones move up and off the top. The
 * alternate screen has no scrollback for <Static> to write into, so the
 * transcript is part of the frame, and only its tail is laid out: an item
 * takes at least one row, so the last `rows` items always fill the view.
 */
import { Box } from "ink";
import { memo, type ReactNode } from "react";
import type { TranscriptItem } from "../src/session/transcript-items.ts";
import { TranscriptItemView } from "./TranscriptItemView.tsx";

/** The items, how many rows the view can show, and what goes under the last item. */
export interface TranscriptProps {
  /** Append-only, each with a stable id. */
  readonly items: readonly TranscriptItem[];
  /** At most this many rows are visible: later items are never cut, earlier ones are. */
  readonly rows: number;
  /** Drawn below the last item: the live message. */
  readonly children?: ReactNode;
}

// Items never change once added: each is rendered once and then reused.
const Item = memo(TranscriptItemView);

/** The tail of the transcript, bottom-aligned, clipped at the top. */
export function Transcript({ items, rows, children }: TranscriptProps) {
  const tail = items.length > rows ? items.slice(-rows) : items;
  return (
    <Box flexDirection="column" flexGrow={1} flexShrink={1} minHeight={0} overflow="hidden" justifyContent="flex-end">
      {tail.map((item) => (
        <Box key={item.id} flexDirection="column" flexShrink={0}>
          <Item item={item} />
        </Box>
      ))}
      <Box flexDirection="column" flexShrink={0}>
        {children}
      </Box>
    </Box>
  );
}
