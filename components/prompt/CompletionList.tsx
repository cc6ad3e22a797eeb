/**
 * The completion menu under the prompt: slash commands or `@server:uri`
 * resources, each with its description, the chosen one marked. Labels and
 * descriptions arrive terminal-safe (components/prompt/completion.ts).
 */
import { Box, Text } from "ink";
import type { CompletionMenu } from "./completion.ts";

export interface CompletionListProps {
  readonly menu: CompletionMenu;
  /** The index Tab would take. */
  readonly selected: number;
}

/** One row per item: `› /mcp__srv__prompt <city>  Weather for a city`. */
export function CompletionList({ menu, selected }: CompletionListProps) {
  const width = Math.max(...menu.items.map((item) => item.label.length));
  return (
    <Box flexDirection="column" paddingX={2}>
      {menu.items.map((item, index) => (
        <Text key={item.insert} wrap="truncate-end" color={index === selected ? "cyan" : undefined}>
          {`${index === selected ? "›" : " "} ${item.label.padEnd(width)}  `}
          <Text dimColor>{item.description}</Text>
        </Text>
      ))}
      <Text dimColor>Tab to complete · ↑/↓ to choose</Text>
    </Box>
  );
}
