/**
 * The MCP panel as a right-hand column beside the transcript, and the opened
 * server over it. The opened server covers the list whole and the list stays
 * as it is under it, so opening and closing draw the server once and leave
 * the list alone.
 */
import { McpPanel } from "../mcp-panel/McpPanel.tsx";
import { OpenedOverlay } from "../mcp-panel/OpenedOverlay.tsx";
import type { ScreenPanel } from "./useScreenPanel.ts";

export interface SidePanelProps {
  readonly panel: ScreenPanel;
  /** The screen's height, which the opened server fills. */
  readonly rows: number;
}

export function SidePanel({ panel, rows }: SidePanelProps) {
  const { model, width } = panel;
  return (
    <>
      <McpPanel {...panel.props} width={width.side} />
      {model.ready ? (
        <OpenedOverlay
          width={width.opened}
          height={rows}
          focused={panel.focused}
          ready={model.ready}
          shown={model.opened !== undefined}
          view={model.view}
        />
      ) : null}
    </>
  );
}
