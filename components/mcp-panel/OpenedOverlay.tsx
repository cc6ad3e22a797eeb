/**
 * The opened server (or task) drawn over the transcript's right part, which
 * keeps its width: a long transcript is not re-wrapped on open and close. It
 * stays mounted once a server was made ready, hidden while none is open, and
 * draws no list, so its props never change as the list does and the side
 * panel's memoised list under it is left alone.
 */
import type { OpenedServer } from "./McpPanel.tsx";
import { McpPanel } from "./McpPanel.tsx";
import { OverPanel } from "./OverPanel.tsx";
import type { PanelView } from "./PanelKeyHint.tsx";

export interface OpenedOverlayProps {
  readonly width: number;
  readonly height: number;
  readonly focused: boolean;
  /** The rows to show (the opened server's, or the last selected one's, ready). */
  readonly ready: OpenedServer;
  /** Drawn: a server is open. */
  readonly shown: boolean;
  readonly view: PanelView;
}

/** The opened view draws no server list. */
const NO_SERVERS: readonly never[] = [];

export function OpenedOverlay({ width, height, focused, ready, shown, view }: OpenedOverlayProps) {
  return (
    <OverPanel width={width} height={height} shown={shown}>
      <McpPanel
        servers={NO_SERVERS}
        summary=""
        width={width}
        height={height}
        focused={focused}
        opened={ready}
        view={view}
      />
    </OverPanel>
  );
}
