/**
 * A one-cell spinner for work in progress (a server starting, a turn running).
 */
import { Text, useAnimation } from "ink";
import { useContext } from "react";
import { MotionContext } from "../runtime/motion-context.ts";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/** How the spinner looks. */
export interface SpinnerProps {
  /** Ink colour name. */
  readonly color?: string;
}

/** A braille spinner, still when motion is off. */
export function Spinner({ color }: SpinnerProps) {
  const moving = useContext(MotionContext);
  const { frame } = useAnimation({ interval: 80, isActive: moving });
  return <Text color={color}>{FRAMES[frame % FRAMES.length]}</Text>;
}
