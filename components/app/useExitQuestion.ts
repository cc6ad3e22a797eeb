/**
 * Quitting while background tasks run asks first (ExitQuestion): the first
 * request only shows the question; a second one (Ctrl+C twice again) quits,
 * and the runtime's close stops every task. Keeping them hands them over to
 * nobody: they are let go (TuiBackground.keepRunning) before mini-cc quits.
 */
import { useRef, useState } from "react";
import type { TuiBackground } from "../runtime/tui-runtime.ts";

export interface ExitQuestionModel {
  /** Running tasks while the question shows; 0 when it does not. */
  readonly asking: number;
  /** What every way of quitting calls. */
  readonly requestQuit: () => void;
  readonly stop: () => void;
  readonly keep: () => void;
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
    keep: () => {
      background.keepRunning();
      quit();
    },
    stay: () => {
      asked.current = false;
      setAsking(0);
    },
  };
}
