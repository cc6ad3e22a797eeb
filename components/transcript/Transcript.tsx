/**
 * The chat transcript, the top of the full-screen layout. The alternate
 * screen has no scrollback, so the transcript is part of the frame: every
 * item is cut into rows once (components/transcript/lines.ts) and only the rows
 * that fit the view are drawn. Following, the newest row sits just above the
 * prompt with the working line under it; scrolled back, the view stays on
 * the rows the user is reading and says how many newer rows are below.
 * Ctrl+O unfolds tool output and thinking.
 */
import { Box, Text, useBoxMetrics, type DOMElement } from "ink";
import { memo, useMemo, useRef, useState } from "react";
import type { TranscriptItem } from "./items.ts";
import { indexRows, liveRows, RowCache, rowsBetween, type Row } from "./lines.ts";
import { plural } from "../rows/words.ts";
import { scrollWindow, type ScrollAction, type ScrollTop } from "./scroll.ts";
import { useTranscriptKeys } from "./useTranscriptKeys.ts";
import { WorkingLine, type WorkingLineProps } from "./WorkingLine.tsx";

/** What the transcript shows, how wide it is, and where it is scrolled to. */
export interface TranscriptProps {
  /** Append-only, each with a stable id. */
  readonly items: readonly TranscriptItem[];
  /** Assistant text still streaming in; "" for none. */
  readonly live?: string;
  /** Columns the rows are cut to. */
  readonly width: number;
  /** Tool output whole (Ctrl+O) rather than folded. */
  readonly expanded?: boolean;
  /** The first row on screen, or null to follow the newest. */
  readonly top?: ScrollTop;
  readonly onScroll?: (action: ScrollAction) => void;
  readonly onToggleExpanded?: () => void;
  /** Shows the working line under the newest row. */
  readonly working?: boolean;
  /** Rows to assume until the view has been measured (what the prompt and footer leave of the terminal). */
  readonly rows: number;
  /** Running MCP calls' progress, shown on the working line. */
  readonly progress?: WorkingLineProps["progress"];
  /** A model request waiting to be retried, shown on the working line. */
  readonly retry?: WorkingLineProps["retry"];
}

/** One row; rows never change once cut, so each is drawn once and reused. */
const RowView = memo(function RowView({ text }: { readonly text: Row }) {
  return <Text wrap="truncate-end">{text === "" ? " " : text}</Text>;
});

const ignore = (): void => {};

/**
 * The visible rows of the transcript and the line under them. Memoised: a
 * keypress in the prompt re-renders the App, never the transcript.
 */
export const Transcript = memo(function Transcript({
  items,
  live = "",
  width,
  expanded = false,
  top = null,
  onScroll = ignore,
  onToggleExpanded,
  working = false,
  rows,
  progress,
  retry,
}: TranscriptProps) {
  const region = useRef<DOMElement>(null);
  const measured = useBoxMetrics(region);
  const [cache] = useState(() => new RowCache());
  const layout = useMemo(() => ({ width, expanded }), [width, expanded]);
  const index = useMemo(() => indexRows(items, layout, cache), [items, layout, cache]);
  const streaming = useMemo(() => liveRows(live, width), [live, width]);

  const height = measured.hasMeasured ? measured.height : rows;
  const total = index.total + streaming.length;
  // Scrolled back, the bottom row says what is below; following, the working line (and a blank row above it) takes its place.
  const metrics = { total, viewport: Math.max(1, height - 1) };
  useTranscriptKeys({ metrics, onScroll, onToggleExpanded });
  const bottom = top !== null ? 1 : working ? (streaming.length > 0 ? 1 : 2) : 0;
  const window =
    top === null ? { start: Math.max(0, total - (height - bottom)), end: total, below: 0 } : scrollWindow(top, metrics);
  const shown = rowsBetween(items, index, streaming, layout, cache, window.start, window.end);

  // Clipped top and bottom only: rows are cut to the width already and each truncates itself, and a
  // box clipped at the sides has Ink slice every row of every frame to its columns again.
  return (
    <Box ref={region} flexDirection="column" flexGrow={1} flexShrink={1} minHeight={0} overflowY="hidden">
      <Box
        flexDirection="column"
        flexGrow={1}
        flexShrink={1}
        minHeight={0}
        overflowY="hidden"
        justifyContent={top === null ? "flex-end" : "flex-start"}
      >
        {shown.map(({ key, text }) => (
          <RowView key={key} text={text} />
        ))}
      </Box>
      {top !== null ? (
        <Text color="yellow" wrap="truncate-end">{`↓ ${plural(window.below, "line")} below · PgDn, End`}</Text>
      ) : working ? (
        <Box marginTop={bottom - 1} flexShrink={0}>
          <WorkingLine progress={progress} retry={retry} />
        </Box>
      ) : null}
    </Box>
  );
});
