/**
 * Redraws the transcript at the new width when the terminal's width changes.
 * <Static> items were drawn at the old width and Ink never redraws them, so
 * the screen is cleared first and the returned count, used in <Static>'s
 * key, changes so that every item is drawn again.
 */
import { useStdout } from "ink";
import { useEffect, useState } from "react";
import { CLEAR_SCREEN } from "./useClearScreen.ts";

/** A counter that changes each time the terminal width does. */
export function useRedrawOnResize(): number {
  const { stdout, write } = useStdout();
  const [redraws, setRedraws] = useState(0);
  useEffect(() => {
    const tty = stdout as Partial<NodeJS.WriteStream>;
    let width = tty.columns;
    const onResize = (): void => {
      if (tty.columns === width) return;
      width = tty.columns;
      // Clear before the new <Static> renders: after it, the clear would erase it.
      if (tty.isTTY === true) write(CLEAR_SCREEN);
      setRedraws((n) => n + 1);
    };
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout, write]);
  return redraws;
}
