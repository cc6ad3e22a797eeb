/**
 * The question quitting asks while background tasks still run (/exit,
 * Ctrl+D, Ctrl+C twice): Enter or y stops them and quits (the default, so
 * nothing is left behind by a quick key), Esc or n stays with them running.
 * Ctrl+C twice more still quits, stopping them.
 */
import { Box, Text } from "ink";
import { plural } from "../rows/words.ts";
import { useKeys } from "../keys/useKeys.ts";

export interface ExitQuestionProps {
  /** Tasks running now. */
  readonly running: number;
  readonly onStop: () => void;
  readonly onStay: () => void;
}

export function ExitQuestion({ running, onStop, onStay }: ExitQuestionProps) {
  useKeys(
    (input, key) => {
      if (key.return || input === "y" || input === "Y") return onStop();
      if (key.escape || input === "n" || input === "N") return onStay();
    },
    { isActive: true },
  );
  const tasks = plural(running, "background task");
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} flexShrink={0}>
      <Text wrap="wrap">{`${tasks} still ${running === 1 ? "runs" : "run"}. Stop ${running === 1 ? "it" : "them"} and quit?`}</Text>
      <Text color="cyan" wrap="wrap">
        <Text bold>Enter</Text> stop and quit · <Text bold>Esc</Text> stay, {running === 1 ? "it keeps" : "they keep"}{" "}
        running
      </Text>
    </Box>
  );
}
