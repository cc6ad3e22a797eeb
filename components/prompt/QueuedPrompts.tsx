/**
 * Under the prompt box: the prompts waiting to be sent, dim, one line each,
 * and why they wait when it is the MCP servers (`waiting for 2 MCP servers…
 * (esc to send now)`), so a prompt never sits unsent without a word.
 */
import { Box, Text } from "ink";

/** The queued prompts and the waiting line. */
export interface QueuedPromptsProps {
  /** Oldest first; a multi-line prompt shows its first line. */
  readonly prompts: readonly string[];
  /** Said under them while they wait for servers rather than for a turn. */
  readonly waitLine?: string;
}

/** Nothing when the queue is empty. */
export function QueuedPrompts({ prompts, waitLine }: QueuedPromptsProps) {
  if (prompts.length === 0) return null;
  return (
    <Box flexDirection="column" paddingX={1}>
      {prompts.map((prompt, i) => (
        <Text key={i} dimColor wrap="truncate-end">
          {`↳ queued: ${firstLine(prompt)}`}
        </Text>
      ))}
      {waitLine === undefined ? null : (
        <Text color="yellow" wrap="truncate-end">
          {waitLine}
        </Text>
      )}
    </Box>
  );
}

function firstLine(text: string): string {
  const [first = "", ...rest] = text.split("\n");
  return rest.length === 0 ? first : `${first} …`;
}
