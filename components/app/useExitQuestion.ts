/**
 * Quitting while background tasks run asks first (ExitQuestion): the first
 * request only shows the question; Enter, or a second request (Ctrl+C twice
 * again), quits, and the runtime's close stops every task. Esc stays. There
 * is no "leave them running": a task's output goes through mini-cc, so one
 * that printed after mini-cc left would die of a broken pipe anyway.
 */
import { useRef, useState } from "react";
import type { TuiBackground } from "../runtime/tui-runtime.ts";

export interface ExitQuestionModel {
  /** Running tasks while the question shows; 0 when it does not. */
  readonly asking: number;
  /** What every way of quitting calls. */
  readonly requestQuit: () => void;
  readonly stop: () => void;
  readonly stay: () => void;
}

export function useExitQuestion(background: TuiBackground, quit: () => void): ExitQuestionModel {
  const [asking, setAsking] = useState(0);
  const asked = useRef(false);
  const requestQuit = (): void => {
    const running = background.getSnapshot().tasks.filter((task) => task.status === "running").length;
    if (running === 0 || asked.current) return quit();
    asked.current = true;
    setAsking(running);
  };
  return {
    asking,
    requestQuit,
    stop: quit,
    stay: () => {
      asked.current = false;
      setAsking(0);
    },
  };
}
