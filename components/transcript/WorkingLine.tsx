/**
 * `⠋ Working… (esc to interrupt)` under the transcript while a turn runs, so
 * the user knows the model is busy even before any text streams in. While an
 * MCP tool reports progress, the line shows it: a bar when the total is
 * known, the server's message otherwise (the store publishes once a frame).
 */
import { Box, Text } from "ink";
import { Spinner } from "../Spinner.tsx";
import { useStore } from "../hooks/useStore.ts";
import type { ReadableStore } from "../../src/store.ts";
import { runningProgressText, type ToolProgress } from "../../src/mcp/tool-progress.ts";

type ProgressStore = ReadableStore<ReadonlyMap<string, ToolProgress>>;

export interface WorkingLineProps {
  /** Running MCP calls' progress; absent: the plain line. */
  readonly progress?: ProgressStore;
}

const NO_PROGRESS: ProgressStore = { subscribe: () => () => {}, getSnapshot: () => new Map() };

/** A spinner line; one row. */
export function WorkingLine({ progress = NO_PROGRESS }: WorkingLineProps) {
  const text = useStore(progress, runningProgressText);
  return (
    <Box>
      <Box flexShrink={0}>
        <Spinner color="cyan" />
        <Text color="cyan"> Working… </Text>
      </Box>
      {text !== "" ? (
        <Box flexShrink={1} marginRight={1}>
          <Text wrap="truncate-end">{text}</Text>
        </Box>
      ) : null}
      <Box flexShrink={0}>
        <Text dimColor>(esc to interrupt)</Text>
      </Box>
    </Box>
  );
}
