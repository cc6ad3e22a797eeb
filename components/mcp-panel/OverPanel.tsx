/**
 * A box drawn over the right-hand side of the screen, on top of whatever is
 * there: the opened server, wider than the side panel, without narrowing the
 * transcript under it. Ink draws later siblings over earlier ones, but only
 * where they write: the box is filled with plain spaces first (a background
 * "colour" Ink does not know is written as uncoloured spaces), so no
 * transcript text shows through its empty rows.
 */
import { Box } from "ink";
import type { ReactNode } from "react";

export interface OverPanelProps {
  readonly width: number;
  readonly height: number;
  readonly children: ReactNode;
  /** False: kept mounted but not drawn (display none), so showing it again reuses its rows. */
  readonly shown?: boolean;
}

/** Uncoloured: Ink's colorize leaves text as it is for a name it does not know. */
const PLAIN_FILL = "plain";

export function OverPanel({ width, height, children, shown = true }: OverPanelProps) {
  return (
    <Box
      display={shown ? "flex" : "none"}
      position="absolute"
      top={0}
      right={0}
      width={width}
      height={height}
      backgroundColor={PLAIN_FILL}
    >
      {children}
    </Box>
  );
}
