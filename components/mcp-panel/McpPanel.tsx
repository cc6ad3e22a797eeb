/**
 * The live MCP panel: a summary header and one row per server, so the user
 * watches servers turn green one by one as they connect in parallel. Focused
 * (Tab, /mcp), its border turns cyan, a server is selected, and a key hint
 * shows; a server opened (Enter) fills it with everything about that server.
 * Under the servers, the session's background tasks (BackgroundRows): the
 * selection runs on from the last server into them, and a task opened fills
 * the panel with its live output.
 */
import { Box, Text } from "ink";
import { Fragment, memo } from "react";
import type { ServerView } from "../../src/mcp/state/server-state.ts";
import type { BodyLine } from "../rows/body-lines.ts";
import type { ServerViolations } from "../../src/sandbox/violations.ts";
import { ServerRow } from "./ServerRow.tsx";
import { ServerDetail } from "./ServerDetail.tsx";
import { PanelKeyHint, type PanelView } from "./PanelKeyHint.tsx";
import { panelEntries } from "./panel-groups.ts";
import type { BackgroundTask } from "../../src/background/task-state.ts";
import { BackgroundRows } from "./BackgroundRows.tsx";

const NO_TASKS: readonly BackgroundTask[] = [];

/** Border and padding columns around the panel's text. */
export const PANEL_FRAME_COLUMNS = 4;

/** The opened server's rows, as cut to the panel. */
export interface OpenedServer {
  readonly rows: readonly BodyLine[];
  readonly hidden: string;
}

/** Servers and summary, as plain data from the McpManager store. */
export interface McpPanelProps {
  /** In declaration order, as the McpManager store holds them. */
  readonly servers: readonly ServerView[];
  /** `MCP 1/2 connected · 3 tools` */
  readonly summary: string;
  /** Columns, border included. */
  readonly width: number;
  /** Rows, border included; the content's by default. */
  readonly height?: number;
  /** Has the keyboard: cyan border, selection marker, key hint. */
  readonly focused?: boolean;
  /** Index of the selected entry (shown when focused): the servers', then the tasks'. */
  readonly selected?: number;
  /** The opened server's or task's rows. */
  readonly opened?: OpenedServer;
  /** The session's background tasks; the section shows once there is one. */
  readonly tasks?: readonly BackgroundTask[];
  /** Which keys the hint lists (when focused); by default the list's or an opened server's. */
  readonly view?: PanelView;
  /** Sandboxed servers and what the sandbox blocked of each. */
  readonly sandboxed?: Readonly<Record<string, ServerViolations>>;
}

/**
 * The panel: summary header, then one row per server (an agent's servers under its name) or the opened server.
 * Memoised: a keypress in the prompt, or a server opened over it, leaves the side panel's list alone.
 */
export const McpPanel = memo(function McpPanel({
  servers,
  summary,
  width,
  height,
  focused = false,
  selected = 0,
  opened,
  sandboxed,
  tasks = NO_TASKS,
  view = opened ? "opened" : "list",
}: McpPanelProps) {
  const taskSelected = focused && selected >= servers.length ? selected - servers.length : undefined;
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      flexShrink={0}
      borderStyle="round"
      borderColor={focused ? "cyan" : "gray"}
      paddingX={1}
    >
      {opened ? (
        <ServerDetail rows={opened.rows} hidden={opened.hidden} />
      ) : (
        <Box flexDirection="column" flexGrow={1}>
          <Text bold wrap="truncate-end">
            {summary}
          </Text>
          {servers.length === 0 && tasks.length === 0 ? (
            <Text dimColor wrap="truncate-end">
              none configured
            </Text>
          ) : (
            panelEntries(servers).map(({ server, heading }, i) => (
              <Fragment key={server.name}>
                {heading !== undefined ? (
                  <Text dimColor wrap="truncate-end">
                    {heading}
                  </Text>
                ) : null}
                <ServerRow
                  server={server}
                  width={width - PANEL_FRAME_COLUMNS}
                  selected={focused && i === selected}
                  blocked={
                    sandboxed && Object.hasOwn(sandboxed, server.name) ? sandboxed[server.name]!.count : undefined
                  }
                />
              </Fragment>
            ))
          )}
          {tasks.length === 0 ? null : (
            <Box flexDirection="column" marginTop={1}>
              <BackgroundRows tasks={tasks} width={width - PANEL_FRAME_COLUMNS} selected={taskSelected} />
            </Box>
          )}
        </Box>
      )}
      {focused ? <PanelKeyHint view={view} width={width - PANEL_FRAME_COLUMNS} /> : null}
    </Box>
  );
});
