/**
 * The live MCP side panel: a summary header and one row per server, so the
 * user watches servers turn green one by one as they connect in parallel.
 */
import { Box, Text } from "ink";
import type { ServerView } from "../../src/mcp/server-state.ts";
import { ServerRow } from "./ServerRow.tsx";

/** Servers and summary, as plain data from the McpManager store. */
export interface McpPanelProps {
  /** In declaration order, as the McpManager store holds them. */
  readonly servers: readonly ServerView[];
  /** `MCP 1/2 connected · 3 tools` */
  readonly summary: string;
  /** Columns, border included. */
  readonly width: number;
}

/** The right-hand column: summary header, then one row per server. */
export function McpPanel({ servers, summary, width }: McpPanelProps) {
  return (
    <Box flexDirection="column" width={width} flexShrink={0} borderStyle="round" borderColor="gray" paddingX={1}>
      <Text bold wrap="truncate-end">
        {summary}
      </Text>
      {servers.length === 0 ? (
        <Text dimColor wrap="truncate-end">
          none configured
        </Text>
      ) : (
        servers.map((server) => <ServerRow key={server.name} server={server} />)
      )}
    </Box>
  );
}
