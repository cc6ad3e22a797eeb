/**
 * Ctrl+C: the first press interrupts (the running turn, or the typed line)
 * and arms; a second press within `windowMs` quits. Listens whatever has the
 * keyboard, so a modal never traps the user.
 */
import { useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import { useClock } from "../runtime/useClock.ts";

/** What the first and the second Ctrl+C do. */
export interface ExitKeyOptions {
  readonly onFirstPress: () => void;
  readonly onExit: () => void;
  /** How long the second press counts, ms. */
  readonly windowMs?: number;
}

/** True while armed: the footer then says to press Ctrl+C again. */
export function useExitKeys({ onFirstPress, onExit, windowMs = 2000 }: ExitKeyOptions): boolean {
  const [armed, setArmed] = useState(false);
  const clock = useClock();
  const disarm = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => disarm.current?.(), []);
  useInput((input, key) => {
    if (!(key.ctrl && input === "c")) return;
    if (armed) {
      disarm.current?.();
      return onExit();
    }
    onFirstPress();
    setArmed(true);
    disarm.current = clock.setTimeout(() => setArmed(false), windowMs);
  });
  return armed;
}
