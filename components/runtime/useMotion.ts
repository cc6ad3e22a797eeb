/**
 * Whether spinners animate. Tests turn motion off so a snapshot never
 * depends on how many timer ticks happened before it was taken.
 */
import { createContext, useContext } from "react";

/** True (the default) lets spinners move. */
export const MotionContext = createContext(true);

/** Whether spinners move in the tree this component is in. */
export function useMotion(): boolean {
  return useContext(MotionContext);
}
