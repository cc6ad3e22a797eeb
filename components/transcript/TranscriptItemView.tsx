/**
 * One finished transcript item; it never changes, so it is rendered once:
 * `❯ prompt`, `◇ system  …`, `● text`, `⏺ call(args)`, `✔ name -> …`, `✘ …`.
 */
import { Box, Text } from "ink";
import type { TranscriptItem } from "../../src/tui/transcript-items.ts";
import { Bulleted } from "./Bulleted.tsx";

/** One finished transcript item. */
export interface TranscriptItemViewProps {
  readonly item: TranscriptItem;
}

function ResultView({ item }: { readonly item: Extract<TranscriptItem, { kind: "tool_result" }> }) {
  const [first = "", ...rest] = item.lines;
  const more = item.hidden > 0 ? <Text dimColor>{`  …(+${item.hidden} lines)`}</Text> : null;
  const last = rest.length;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text color={item.isError ? "red" : "green"}>{item.isError ? "✘ " : "✔ "}</Text>
        <Text dimColor>{item.name} -&gt; </Text>
        <Text color={item.isError ? "red" : undefined}>{first}</Text>
        {last === 0 ? more : null}
      </Text>
      {rest.map((line, i) => (
        <Text key={i} wrap="truncate-end" color={item.isError ? "red" : undefined}>
          {"  "}
          {line}
          {i === last - 1 ? more : null}
        </Text>
      ))}
    </Box>
  );
}

/** The line (or lines) for one item, by kind. */
export function TranscriptItemView({ item }: TranscriptItemViewProps) {
  switch (item.kind) {
    case "user":
      return (
        <Box marginTop={1}>
          <Bulleted mark="❯" color="cyan" bold>
            <Text bold>{item.text}</Text>
          </Bulleted>
        </Box>
      );
    case "system":
      return (
        <Text dimColor>{`◇ system  ${item.label} ${item.text}`}</Text>
      );
    case "assistant":
      return (
        <Bulleted mark="●">
          <Text>{item.text}</Text>
        </Bulleted>
      );
    case "tool_call":
      return (
        <Text wrap="truncate-end">
          <Text color="blue">⏺ </Text>
          {item.label}
        </Text>
      );
    case "tool_result":
      return <ResultView item={item} />;
    case "denied":
      return (
        <Text color="red">
          ✘ {item.name}: {item.message === "" ? "denied" : item.message}
        </Text>
      );
    case "error":
      return <Text color="red">✘ {item.message}</Text>;
    case "notice":
      return <Text dimColor>◇ {item.text}</Text>;
    case "command":
      return (
        <Box flexDirection="column" paddingLeft={2}>
          {item.lines.map((line, i) => (
            <Text key={i} color={item.isError ? "red" : undefined}>
              {line === "" ? " " : line}
            </Text>
          ))}
        </Box>
      );
  }
}
