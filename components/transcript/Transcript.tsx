/**
 * The chat transcript, the top of the full-screen layout: the newest item
 * sits just above the prompt and older ones move up and off the top. The
 * alternate screen has no scrollback for <Static> to write into, so the
 * transcript is part of the frame, and only its tail is laid out: an item
 * takes at least one row, so the last `rows` items always fill the view.
 * Scrolled back (PgUp), the view ends at an older item and says what is below.
 */
import { Box, Text } from "ink";
import { memo, type ReactNode } from "react";
import type { TranscriptItem } from "../../src/tui/transcript-items.ts";
import { TranscriptItemView } from "./TranscriptItemView.tsx";

/** The items, how many rows the view can show, where it ends, and what goes under the last item. */
export interface TranscriptProps {
  /** Append-only, each with a stable id. */
  readonly items: readonly TranscriptItem[];
  /** At most this many rows are visible: later items are never cut, earlier ones are. */
  readonly rows: number;
  /** The index the view ends at (exclusive); null or absent follows the newest item. */
  readonly end?: number | null;
  /** Drawn below the last item while following it: the live message. */
  readonly children?: ReactNode;
}

// Items never change once added: each is rendered once and then reused.
const Item = memo(TranscriptItemView);

/** The tail of the transcript (or of its first `end` items), bottom-aligned, clipped at the top. */
export function Transcript({ items, rows, end, children }: TranscriptProps) {
  const last = end === null || end === undefined ? items.length : Math.min(end, items.length);
  const below = items.length - last;
  const shown = items.slice(Math.max(0, last - rows), last);
  return (
    <Box flexDirection="column" flexGrow={1} flexShrink={1} minHeight={0} overflow="hidden" justifyContent="flex-end">
      {shown.map((item) => (
        <Box key={item.id} flexDirection="column" flexShrink={0}>
          <Item item={item} />
        </Box>
      ))}
      <Box flexDirection="column" flexShrink={0}>
        {below > 0 ? (
          <Text color="yellow">{`↓ ${below} newer ${below === 1 ? "item" : "items"} below · PgDn`}</Text>
        ) : (
          children
        )}
      </Box>
    </Box>
  );
}
