/**
 * Everything the MCP panel needs in one hook, so App only places it: the
 * focus/selection reducer, the opened server's rows (built and wrapped only
 * when the server, its details or the width change), the keys, and what `/mcp`
 * and Tab do. Actions run through the session, which notes their results.
 *
 * While the list has the keyboard, the selected server's rows are made ready
 * (details loaded, rows built) just after each move's frame, so Enter only
 * shows a view that is already there.
 */
import { useMemo, useState } from "react";
import type { McpSnapshot } from "../../src/mcp/state/server-state.ts";
import { serverView } from "../../src/mcp/state/snapshot-views.ts";
import { bodyWindow, hiddenRowsText, wrapBody } from "../rows/body-lines.ts";
import {
  CLOSED_PANEL,
  clampSelection,
  reduceMcpPanel,
  type McpPanelAction,
  type McpPanelState,
} from "./panel-state.ts";
import type { ActionResult, ServerAction } from "./server-actions.ts";
import { serverPanelLines } from "./server-panel-lines.ts";
import type { ServerActions } from "../../src/mcp/server-actions.ts";
import { useLastAfterFrame } from "../keys/useLastAfterFrame.ts";
import { useLatestReducer } from "../keys/useLatestReducer.ts";
import { PANEL_FRAME_COLUMNS, type OpenedServer } from "./McpPanel.tsx";
import { panelHintRows } from "./PanelKeyHint.tsx";
import { useMcpPanelKeys } from "./useMcpPanelKeys.ts";
import { useServerDetails } from "./useServerDetails.ts";
import { useStore } from "../keys/useStore.ts";
import { Store } from "../../src/store.ts";
import { usageOf, type ServerUsage } from "../../src/mcp/tools/usage.ts";
import { serverTasksText } from "../../src/mcp/tools/progress.ts";
import { panelOrder } from "./panel-groups.ts";

/** For a UI given no usage store: no calls counted. */

/** What the opened view says while an action runs. */
const ACTION_UNDER_WAY: Readonly<Record<ServerAction, string>> = {
  restart: "restarting…",
  toggle: "working…",
  approve: "working…",
  log: "reading the log…",
};

/** The border's rows. */
const BORDER_ROWS = 2;

export interface McpPanelOptions {
  readonly mcp: ServerActions;
  readonly snapshot: McpSnapshot;
  /** The panel's columns and rows, border included, when a server is open. */
  readonly width: number;
  readonly height: number;
  /** False while a modal has the keyboard. */
  readonly canTakeKeys: boolean;
  /** Runs r/d/a; resolves with its result once it is in the transcript too. */
  readonly onAction: (name: string, action: ServerAction) => Promise<ActionResult>;
}

export interface McpPanelModel {
  readonly state: McpPanelState;
  readonly dispatch: (action: McpPanelAction) => void;
  readonly selected: number;
  /** The opened server's rows. */
  readonly opened?: OpenedServer;
  /** The opened server's rows, or else the last selected server's, ready to be shown. */
  readonly ready?: OpenedServer;
}

export function useMcpPanel(options: McpPanelOptions): McpPanelModel {
  const { mcp, snapshot, width, height } = options;
  const [state, dispatch, current] = useLatestReducer(reduceMcpPanel, CLOSED_PANEL);
  const [version, setVersion] = useState(0);
  // What the last r/d/a did, shown in the opened view (the transcript may be under it).
  const [notice, setNotice] = useState<{ readonly name: string; readonly text: string; readonly isError: boolean }>();
  // In the panel's order (an agent's servers grouped under it), as McpPanel lists them.
  const names = useMemo(() => panelOrder(snapshot.servers), [snapshot.servers]);
  const selected = clampSelection(state, names.length);
  const prepared = useLastAfterFrame(state.focused && state.opened === undefined ? names[selected] : undefined);
  // Only while the panel has the keyboard: a server's changes cost no file reads or hidden rows once it has gone back to the prompt.
  const shown = state.opened ?? (state.focused ? prepared : undefined);
  const view = shown === undefined ? undefined : serverView(snapshot, shown);
  const details = useServerDetails(mcp, view, version);
  const usage = useStore(mcp.usage, (all) => (view ? usageOf(all, view.name) : undefined));
  // One string, not a list: the store's frames re-render the panel only when its tasks change.
  const tasks = useStore(mcp.progress, (all) => (view ? serverTasksText(all, view.name) : ""));
  // Prepared rows are those Enter shows: scrolled to the top, without the instructions' text.
  const showInstructions = state.opened !== undefined && state.showInstructions;
  const showLog = state.opened !== undefined && state.showLog === true;
  const said = notice && view && notice.name === view.name ? notice : undefined;
  const wrapped = useMemo(
    () =>
      view
        ? wrapBody(
            serverPanelLines(view, snapshot, details, {
              showInstructions,
              showLog,
              usage,
              ...(tasks ? { tasks: tasks.split("\n") } : {}),
              ...(said ? { notice: said } : {}),
            }),
            width - PANEL_FRAME_COLUMNS,
          )
        : [],
    [view, snapshot, details, showInstructions, showLog, usage, tasks, said, width],
  );
  // One row goes to the "↓ n lines below" line when it does not all fit.
  const text = height - BORDER_ROWS - panelHintRows(true, width - PANEL_FRAME_COLUMNS).length;
  const room = Math.max(1, text - (wrapped.length > text ? 1 : 0));
  const window = bodyWindow(wrapped.length, state.opened !== undefined ? state.scroll : 0, room);
  const maxScroll = Math.max(0, wrapped.length - room);
  useMcpPanelKeys({
    isActive: state.focused && options.canTakeKeys,
    current,
    dispatch,
    names,
    page: Math.max(1, room - 1),
    maxScroll,
    onAction: (name, action) => {
      setNotice({ name, text: ACTION_UNDER_WAY[action], isError: false });
      void options.onAction(name, action).then((result) => {
        setNotice({ name, text: result.lines[0] ?? "", isError: result.isError });
        setVersion((n) => n + 1);
      });
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the window's bounds, not its object (made anew each render).
  const ready = useMemo(
    () => (view ? { rows: wrapped.slice(window.start, window.end), hidden: hiddenRowsText(window) } : undefined),
    // An unchanged view keeps its identity, and the memoised panel its rows.
    [view, wrapped, window.start, window.end],
  );
  return {
    state,
    dispatch,
    selected,
    ...(ready ? { ready } : {}),
    ...(ready && state.opened !== undefined ? { opened: ready } : {}),
  };
}
