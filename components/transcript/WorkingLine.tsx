/**
 * `⠋ Working… (esc to interrupt)` under the transcript while a turn runs, so
 * the user knows the model is busy even before any text streams in. While an
 * MCP tool reports progress, the line shows it: a bar when the total is
 * known, the server's message otherwise. While the spinner moves, the
 * progress is read on its ticks (Ink runs all animations on one timer), so a
 * flood of notifications adds no frames of its own; with motion off it
 * follows the store (which publishes at most once a frame). While a model
 * request waits to be retried, the line says why and when
 * (`API overloaded · retry 3/10 in 8 s`); Esc still stops the turn.
 */
import { Box, Text, useAnimation } from "ink";
import { useMemo } from "react";
import { useClock } from "../runtime/useClock.ts";
import { useMotion } from "../runtime/useMotion.ts";
import { Spinner } from "../rows/Spinner.tsx";
import { useStore } from "../keys/useStore.ts";
import type { ReadableStore } from "../../src/store.ts";
import { runningProgressText, type ToolProgress } from "../../src/mcp/tools/progress.ts";
import type { RetryNotice } from "../../src/model/model.ts";
import { retryStatusText } from "../../src/model/retry-policy.ts";

type ProgressStore = ReadableStore<ReadonlyMap<string, ToolProgress>>;

export interface WorkingLineProps {
  /** Running MCP calls' progress; absent: the plain line. */
  readonly progress?: ProgressStore;
  /** The model request waiting to be tried again, if any. */
  readonly retry?: RetryNotice;
}

const NONE = new Map<string, ToolProgress>();
const NO_PROGRESS: ProgressStore = { subscribe: () => () => {}, getSnapshot: () => NONE };

/** The spinner's own pace: progress is redrawn with it. */
const TICK_MS = 80;

/** A spinner line; one row. */
export function WorkingLine({ progress = NO_PROGRESS, retry }: WorkingLineProps) {
  const moving = useMotion();
  const clock = useClock();
  // Re-renders on the shared animation tick; the value itself is not needed.
  useAnimation({ interval: TICK_MS, isActive: moving });
  const followed = useStore(moving ? NO_PROGRESS : progress, runningProgressText);
  // When this notice arrived: the countdown runs from there.
  const since = useMemo(() => (retry ? clock.now() : 0), [retry, clock]);
  const text = retry
    ? retryStatusText(retry, retry.delayMs - (clock.now() - since))
    : moving
      ? runningProgressText(progress.getSnapshot())
      : followed;
  // Clipped at its side: on a very narrow terminal its fixed parts would run past the edge and wrap.
  return (
    <Box overflowX="hidden">
      <Box flexShrink={0}>
        <Spinner color="cyan" />
        <Text color="cyan"> Working… </Text>
      </Box>
      {text !== "" ? (
        <Box flexShrink={1} marginRight={1}>
          <Text wrap="truncate-end" color={retry ? "yellow" : undefined}>
            {text}
          </Text>
        </Box>
      ) : null}
      <Box flexShrink={0}>
        <Text dimColor>(esc to interrupt)</Text>
      </Box>
    </Box>
  );
}
