/**
 * One server in the MCP side panel: its line (server-row-text.ts) and, for a
 * failed or disabled server, its reason under it, dimmer, wrapped so it is
 * read whole.
 */
import { Box, Text } from "ink";
import { memo } from "react";
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import { statusStyle } from "./server-status-style.ts";
import { serverRowText } from "./server-row-text.ts";
import { useSpinnerGlyph } from "../rows/useSpinnerGlyph.ts";

/** One server as the McpManager store holds it. */
export interface ServerRowProps {
  readonly server: ServerView;
  /** Columns the row may fill (the panel's, inside its border and padding). */
  readonly width: number;
  /** The focused panel's selection: `❯`, and its name in cyan. */
  readonly selected?: boolean;
  /** Present when it runs sandboxed: how many things the sandbox blocked (▣, ▣3). */
  readonly blocked?: number;
}

/** Memoised: moving the selection redraws two rows. */
export const ServerRow = memo(function ServerRow({ server, width, selected = false, blocked }: ServerRowProps) {
  const style = statusStyle(server.state, server.health.lastFailure);
  const spinner = useSpinnerGlyph(style.busy);
  return (
    <>
      <Text wrap="truncate-end">{serverRowText(server, width, { style, selected, blocked, spinner })}</Text>
      {style.reason !== undefined && style.reason !== "" ? (
        <Box paddingLeft={2}>
          <Text color={style.color} dimColor>
            {style.reason}
          </Text>
        </Box>
      ) : null}
    </>
  );
});
