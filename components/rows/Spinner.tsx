/**
 * A one-cell spinner for work in progress (a server starting, a turn running).
 */
import { Text, useAnimation } from "ink";
import { useMotion } from "../runtime/useMotion.ts";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** How the spinner looks. */
export interface SpinnerProps {
  /** Ink colour name. */
  readonly color?: string;
}

/** A braille spinner, still when motion is off. */
export function Spinner({ color }: SpinnerProps) {
  const moving = useMotion();
  const { frame } = useAnimation({ interval: 80, isActive: moving });
  return <Text color={color}>{FRAMES[frame % FRAMES.length]}</Text>;
}
