/**
 * A mark in a two-column gutter and a body that wraps beside it: `● text`
 * whose second line starts under the text, not under the mark. The gutter
 * never shrinks, however long the body is.
 */
import { Box, Text } from "ink";
import type { ReactNode } from "react";

/** The mark, its look, and the body. */
export interface BulletedProps {
  /** One cell wide: `●`, `❯`. */
  readonly mark: string;
  /** Ink colour name of the mark. */
  readonly color?: string;
  readonly bold?: boolean;
  readonly children: ReactNode;
}

/** `mark body`, the body wrapping in its own column. */
export function Bulleted({ mark, color, bold, children }: BulletedProps) {
  return (
    <Box flexDirection="row">
      <Box width={2} flexShrink={0}>
        <Text color={color} bold={bold}>
          {mark}
        </Text>
      </Box>
      <Box flexDirection="column" flexGrow={1} flexShrink={1}>
        {children}
      </Box>
    </Box>
  );
}
