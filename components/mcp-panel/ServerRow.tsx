/**
 * One server in the MCP side panel: `● tracker   project  3 tools` (` ▣` when
 * sandboxed, ` ▣2` once the sandbox blocked two things), and for a
 * failed or disabled server its reason under it, dimmer, wrapped so it is read whole.
 */
import { Box, Text } from "ink";
import { memo } from "react";
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import { terminalSafeLine } from "../../src/text/terminal-safe.ts";
import { paddingTo, truncateEnd } from "../../src/text/truncate-end.ts";
import { statusStyle } from "./server-status-style.ts";
import { Spinner } from "../rows/Spinner.tsx";

/** One server as the McpManager store holds it. */
export interface ServerRowProps {
  readonly server: ServerView;
  /** Columns the row may fill (the panel's, inside its border and padding). */
  readonly width: number;
  /** The focused panel's selection: marked, and its name in inverse. */
  readonly selected?: boolean;
  /** Present when it runs sandboxed: how many things the sandbox blocked (▣, ▣3). */
  readonly blocked?: number;
}

/** Glyph and the space after it. */
const GLYPH_WIDTH = 2;
/** Wide enough for "project" and for "⠋ starting" / "approve?". */
const SOURCE_WIDTH = 8;
const LABEL_WIDTH = 10;
/** The spinner and the space after it. */
const SPINNER_WIDTH = 2;

/**
 * Glyph, name, source and status label, plus the reason when there is one.
 * The columns are cut and padded here, so a row is one line of text rather
 * than a box per column: a panel of many servers costs the first frame less.
 * Memoised: moving the selection redraws two rows.
 */
export const ServerRow = memo(function ServerRow({ server, width, selected = false, blocked }: ServerRowProps) {
  const style = statusStyle(server.state, server.health.lastFailure);
  const shadows = Boolean(server.config?.shadows);
  // The name takes what the fixed columns leave (one space before the source).
  const nameWidth = Math.max(0, width - GLYPH_WIDTH - 1 - SOURCE_WIDTH - LABEL_WIDTH);
  const name = truncateEnd(terminalSafeLine(server.name), nameWidth);
  const source = truncateEnd(server.source, SOURCE_WIDTH);
  return (
    <>
      <Text wrap="truncate-end">
        <Text color={selected ? "cyan" : style.color}>{selected ? "❯" : style.glyph}</Text>{" "}
        <Text bold={server.state.status === "connected" || selected} color={selected ? "cyan" : undefined}>
          {name}
        </Text>
        {paddingTo(name, nameWidth)}{" "}
        {/* Yellow: this entry overrides another scope's of the same name (the opened view says which). */}
        <Text dimColor={!shadows} color={shadows ? "yellow" : undefined}>
          {source}
        </Text>
        {paddingTo(source, SOURCE_WIDTH)}
        <Text color={style.color}>
          {style.busy ? <Spinner color={style.color} /> : null}
          {style.busy ? " " : ""}
          {truncateEnd(style.label, LABEL_WIDTH - (style.busy ? SPINNER_WIDTH : 0))}
        </Text>
        {/* Sandboxed; yellow with a count once the sandbox blocked something (the opened view lists what). */}
        {blocked === undefined ? null : (
          <Text
            color={blocked > 0 ? "yellow" : undefined}
            dimColor={blocked === 0}
          >{` ▣${blocked > 0 ? blocked : ""}`}</Text>
        )}
      </Text>
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
