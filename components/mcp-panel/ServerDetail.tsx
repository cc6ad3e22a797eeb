/**
 * One server opened in the MCP panel: the rows components/mcp-panel/server-panel-lines.ts
 * builds, already wrapped and cut to the rows the panel has, with how many
 * are hidden above and below.
 */
import { Box, Text } from "ink";
import type { BodyLine } from "../rows/body-lines.ts";
import { BodyRows } from "../rows/BodyRows.tsx";

export interface ServerDetailProps {
  /** The visible rows. */
  readonly rows: readonly BodyLine[];
  /** `↑ 3 lines above · ↓ 12 lines below`, or "" when everything shows. */
  readonly hidden: string;
}

export function ServerDetail({ rows, hidden }: ServerDetailProps) {
  return (
    <Box flexDirection="column" flexGrow={1}>
      <BodyRows rows={rows} />
      {hidden !== "" ? <Text color="cyan">{hidden}</Text> : null}
    </Box>
  );
}
