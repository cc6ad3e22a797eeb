/**
 * Everything the MCP panel needs in one hook, so App only places it: the
 * focus/selection reducer, the opened server's rows (built and wrapped only
 * when the server, its details or the width change), the keys, and what `/mcp`
 * and Tab do. Actions run through the session, which notes their results.
 *
 * The session's background tasks are listed under the servers: a task opened
 * shows its output's live tail (read again as its output grows), x stops it.
 *
 * While the list has the keyboard, the selected server's rows are made ready
 * (details loaded, rows built) just after each move's frame, so Enter only
 * shows a view that is already there.
 */
import { useAnimation } from "ink";
import { useMemo, useState } from "react";
import type { BackgroundSnapshot } from "../../src/background/task-state.ts";
import type { McpSnapshot } from "../../src/mcp/state/server-state.ts";
import { serverView } from "../../src/mcp/state/snapshot-views.ts";
import { bodyWindow, hiddenRowsText, wrapBody } from "../rows/body-lines.ts";
import {
  CLOSED_PANEL,
  clampSelection,
  isOpen,
  reduceMcpPanel,
  type McpPanelAction,
  type McpPanelState,
} from "./panel-state.ts";
import type { ActionResult, ServerAction } from "./server-actions.ts";
import { serverPanelLines } from "./server-panel-lines.ts";
import type { ServerActions } from "../../src/mcp/server-actions.ts";
import type { TuiBackground } from "../runtime/tui-runtime.ts";
import { useClock } from "../runtime/useClock.ts";
import { useMotion } from "../runtime/useMotion.ts";
import { TAIL_BYTES, taskPanelLines } from "./background-lines.ts";
import type { PanelView } from "./PanelKeyHint.tsx";
import { useLastAfterFrame } from "../keys/useLastAfterFrame.ts";
import { useLatestReducer } from "../keys/useLatestReducer.ts";
import { PANEL_FRAME_COLUMNS, type OpenedServer } from "./McpPanel.tsx";
import { panelHintRows } from "./PanelKeyHint.tsx";
import { useMcpPanelKeys } from "./useMcpPanelKeys.ts";
import { useServerDetails } from "./useServerDetails.ts";
import { useStore } from "../keys/useStore.ts";
import { usageOf } from "../../src/mcp/tools/usage.ts";
import { serverTasksText } from "../../src/mcp/tools/progress.ts";
import { panelOrder } from "./panel-groups.ts";

const theTasks = (snapshot: BackgroundSnapshot) => snapshot.tasks;

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
  /** The session's background tasks, listed under the servers. */
  readonly background: TuiBackground;
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
  /** Which keys the focused panel's hint lists. */
  readonly view: PanelView;
  /** The opened server's or task's rows. */
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
  const tasks = useStore(options.background, theTasks);
  const taskIds = useMemo(() => tasks.map((task) => task.id), [tasks]);
  const selected = clampSelection(state, names.length + tasks.length);
  const onTask = state.openedTask === undefined && state.opened === undefined && selected >= names.length;
  const listedServer = state.focused && !isOpen(state) && !onTask ? names[selected] : undefined;
  const prepared = useLastAfterFrame(listedServer);
  // Only while the panel has the keyboard: a server's changes cost no file reads or hidden rows once it has gone back to the prompt.
  const shown = state.openedTask !== undefined ? undefined : (state.opened ?? (state.focused ? prepared : undefined));
  const view = shown === undefined ? undefined : serverView(snapshot, shown);
  const details = useServerDetails(mcp, view, version);
  const usage = useStore(mcp.usage, (all) => (view ? usageOf(all, view.name) : undefined));
  // One string, not a list: the store's frames re-render the panel only when its tasks change.
  const serverTasks = useStore(mcp.progress, (all) => (view ? serverTasksText(all, view.name) : ""));
  // Prepared rows are those Enter shows: scrolled to the top, without the instructions' text.
  const showInstructions = state.opened !== undefined && state.showInstructions;
  const showLog = state.opened !== undefined && state.showLog === true;
  const said = notice && view && notice.name === view.name ? notice : undefined;
  const task = state.openedTask === undefined ? undefined : tasks.find((t) => t.id === state.openedTask);
  const clock = useClock();
  // An opened running task's runtime moves each second; its output is read again whenever it grew (a new task row).
  const { frame } = useAnimation({ interval: 1000, isActive: useMotion() && task?.status === "running" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the frame is the second that passed.
  const taskRows = useMemo(
    () =>
      task
        ? wrapBody(
            taskPanelLines(task, options.background.peek(task.id, TAIL_BYTES), clock.now()),
            width - PANEL_FRAME_COLUMNS,
          )
        : undefined,
    [task, options.background, clock, width, frame],
  );
  const serverRows = useMemo(
    () =>
      view
        ? wrapBody(
            serverPanelLines(view, snapshot, details, {
              showInstructions,
              showLog,
              usage,
              ...(serverTasks ? { tasks: serverTasks.split("\n") } : {}),
              ...(said ? { notice: said } : {}),
            }),
            width - PANEL_FRAME_COLUMNS,
          )
        : [],
    [view, snapshot, details, showInstructions, showLog, usage, serverTasks, said, width],
  );
  const wrapped = taskRows ?? serverRows;
  const panelView: PanelView = task ? "task-opened" : onTask ? "task-list" : isOpen(state) ? "opened" : "list";
  // One row goes to the "↓ n lines below" line when it does not all fit.
  const text =
    height - BORDER_ROWS - panelHintRows(task ? "task-opened" : "opened", width - PANEL_FRAME_COLUMNS).length;
  const room = Math.max(1, text - (wrapped.length > text ? 1 : 0));
  const window = bodyWindow(wrapped.length, isOpen(state) ? state.scroll : 0, room);
  const maxScroll = Math.max(0, wrapped.length - room);
  useMcpPanelKeys({
    isActive: state.focused && options.canTakeKeys,
    current,
    dispatch,
    names,
    taskIds,
    page: Math.max(1, room - 1),
    maxScroll,
    onAction: (name, action) => {
      setNotice({ name, text: ACTION_UNDER_WAY[action], isError: false });
      void options.onAction(name, action).then((result) => {
        setNotice({ name, text: result.lines[0] ?? "", isError: result.isError });
        setVersion((n) => n + 1);
      });
    },
    // The row's status turns `killed (… by the user)` once it ended.
    onStopTask: (id) => void options.background.stop(id, "user"),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the window's bounds, not its object (made anew each render).
  const ready = useMemo(
    () =>
      view || task ? { rows: wrapped.slice(window.start, window.end), hidden: hiddenRowsText(window) } : undefined,
    // An unchanged view keeps its identity, and the memoised panel its rows.
    [view, task, wrapped, window.start, window.end],
  );
  return {
    state,
    dispatch,
    selected,
    view: panelView,
    ...(ready ? { ready } : {}),
    ...(ready && isOpen(state) ? { opened: ready } : {}),
  };
}
