/**
 * The clock components read time from (src/clock.ts): the real one by
 * default, a FakeClock in tests so a delay passes only when the test says so.
 */
import { createContext, useContext } from "react";
import { systemClock, type Clock } from "../../src/clock.ts";

export const ClockContext = createContext<Clock>(systemClock);

/** The clock of the tree this component is in. */
export function useClock(): Clock {
  return useContext(ClockContext);
}
