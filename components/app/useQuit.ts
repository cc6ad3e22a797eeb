/**
 * Quitting, once: the caller's onExit, then Ink unmounts. Every way out (Ctrl+C twice, Ctrl+D, /exit, the
 * exit question's answer) ends here.
 */
import { useApp } from "ink";
import { useRef } from "react";

export function useQuit(onExit?: () => void): () => void {
  const { exit } = useApp();
  const quitting = useRef(false);
  return () => {
    if (quitting.current) return;
    quitting.current = true;
    onExit?.();
    exit();
  };
}
