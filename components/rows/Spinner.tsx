/**
 * A one-cell spinner for work in progress (a server starting, a turn running).
 */
import { Text } from "ink";
import { useSpinnerGlyph } from "./useSpinnerGlyph.ts";

/** How the spinner looks. */
export interface SpinnerProps {
  /** Ink colour name. */
  readonly color?: string;
}

/** A braille spinner, still when motion is off. */
export function Spinner({ color }: SpinnerProps) {
  return <Text color={color}>{useSpinnerGlyph()}</Text>;
}
