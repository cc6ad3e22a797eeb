/**
 * One server in the MCP side panel: `● tracker   project  3 tools`, and for a
 * failed or disabled server its reason under it, dimmer, wrapped so it is read whole.
 */
import { Box, Text } from "ink";
import { memo } from "react";
import type { ServerView } from "../../src/mcp/server-state.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { statusStyle } from "./server-status-style.ts";
import { Spinner } from "../Spinner.tsx";

/** One server as the McpManager store holds it. */
export interface ServerRowProps {
  readonly server: ServerView;
  /** The focused panel's selection: marked, and its name in inverse. */
  readonly selected?: boolean;
}

/** Wide enough for "project" and for "⠋ starting" / "approve?". */
const SOURCE_WIDTH = 8;
const LABEL_WIDTH = 10;

/** Glyph, name, source and status label, plus the reason when there is one. Memoised: moving the selection redraws two rows. */
export const ServerRow = memo(function ServerRow({ server, selected = false }: ServerRowProps) {
  const style = statusStyle(server.state, server.config?.resolved);
  return (
    <Box flexDirection="column">
      <Box>
        <Box width={2} flexShrink={0}>
          <Text color={selected ? "cyan" : style.color}>{selected ? "❯" : style.glyph}</Text>
        </Box>
        <Box flexGrow={1} flexShrink={1} flexBasis={0}>
          <Text wrap="truncate-end" bold={server.state.status === "connected" || selected} color={selected ? "cyan" : undefined}>
            {terminalSafeLine(server.name)}
          </Text>
        </Box>
        <Box width={SOURCE_WIDTH} flexShrink={0} marginLeft={1}>
          {/* Yellow: this entry overrides another scope's of the same name (the opened view says which). */}
          <Text dimColor={!server.config?.shadows} color={server.config?.shadows ? "yellow" : undefined}>{server.source}</Text>
        </Box>
        <Box width={LABEL_WIDTH} flexShrink={0}>
          <Text color={style.color} wrap="truncate-end">
            {style.busy ? <Spinner color={style.color} /> : null}
            {style.busy ? " " : ""}
            {style.label}
          </Text>
        </Box>
      </Box>
      {style.reason !== undefined && style.reason !== "" ? (
        <Box paddingLeft={2}>
          <Text color={style.color} dimColor>
            {style.reason}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
});
