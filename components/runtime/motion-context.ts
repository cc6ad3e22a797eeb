/**
 * Whether spinners animate. Tests turn motion off so a snapshot never
 * depends on how many timer ticks happened before it was taken.
 */
import { createContext } from "react";

/** True (the default) lets spinners move. */
export const MotionContext = createContext(true);
