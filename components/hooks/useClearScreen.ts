/**
 * After /clear, wipes what the terminal still shows: a new <Static> stops
 * Ink from replaying old items, but lines already drawn stay on the screen.
 */
import { useStdout } from "ink";
import { useEffect, useRef } from "react";

/** Erase the screen and its scrollback, cursor home. */
export const CLEAR_SCREEN = "\u001b[2J\u001b[3J\u001b[H";

/** Clears the terminal when `epoch` changes (after the first render). */
export function useClearScreen(epoch: number): void {
  const { stdout, write } = useStdout();
  const seen = useRef(epoch);
  useEffect(() => {
    if (seen.current === epoch) return;
    seen.current = epoch;
    // Only a terminal has a screen to clear; test streams would record the escape codes.
    if ((stdout as { isTTY?: boolean }).isTTY === true) write(CLEAR_SCREEN);
  }, [epoch, stdout, write]);
}
