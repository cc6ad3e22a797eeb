/**
 * The MCP panel as the screen places it: its columns on this terminal (no side
 * panel with nothing to list), whether it has the keys, `/mcp` focusing it,
 * and what Tab does when there is nothing to list.
 */
import { useEffect } from "react";
import type { McpPanelProps } from "../mcp-panel/McpPanel.tsx";
import { panelColumns, type PanelColumns } from "../mcp-panel/panel-width.ts";
import { useMcpPanel, type McpPanelModel } from "../mcp-panel/useMcpPanel.ts";
import type { TuiRuntime } from "../runtime/tui-runtime.ts";
import type { ChatSession } from "../session/chat-session.ts";
import type { ScreenState } from "./screen-state.ts";

const NO_SERVERS_NOTE =
  "No MCP servers configured: add one with `mini-cc mcp add NAME -- COMMAND` (or a project .mcp.json), then Tab shows them here.";

export interface ScreenPanel {
  readonly model: McpPanelModel;
  readonly width: PanelColumns;
  /** The side panel is drawn beside the transcript (a wide terminal, something to list). */
  readonly beside: boolean;
  /** It has the keys: focused, and no question in front of it. */
  readonly focused: boolean;
  /** Tab: the panel takes the keys, or a notice says there is nothing to list. */
  readonly focus: () => void;
  /** What the panel draws, but for its width (beside the transcript, or the whole screen). */
  readonly props: Omit<McpPanelProps, "width">;
}

export function useScreenPanel(
  runtime: TuiRuntime,
  session: ChatSession,
  screen: ScreenState,
  size: { readonly columns: number; readonly rows: number },
  canTakeKeys: boolean,
): ScreenPanel {
  // The panel lists background tasks too: with tasks and no server it still shows.
  const listed = screen.servers.length + screen.tasks.length;
  const width = panelColumns(size.columns, listed);
  const model = useMcpPanel({
    mcp: runtime.mcp,
    snapshot: screen.mcp,
    background: runtime.background,
    width: width.opened,
    height: size.rows,
    canTakeKeys,
    onAction: (name, action) => session.answers.serverAction(name, action),
  });
  // `/mcp` asks for the panel through the session.
  useEffect(() => {
    if (screen.panelRequests > 0) model.dispatch({ type: "focus" });
  }, [screen.panelRequests, model.dispatch]);
  const focused = model.state.focused && canTakeKeys;
  return {
    model,
    width,
    beside: width.side > 0,
    focused,
    // No server: an empty panel over the screen would say less than one line.
    focus: () =>
      listed === 0
        ? session.transcript.dispatch({ type: "notice", text: NO_SERVERS_NOTE })
        : model.dispatch({ type: "focus" }),
    props: {
      servers: screen.servers,
      summary: screen.summary,
      height: size.rows,
      focused,
      selected: model.selected,
      sandboxed: screen.violations,
      tasks: screen.tasks,
      view: model.view,
    },
  };
}
