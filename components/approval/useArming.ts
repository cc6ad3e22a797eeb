/**
 * The arming delay of anything that asks for a keypress (an approval modal, a
 * server's question, the bypassPermissions confirmation): it takes keys only
 * once it has been on screen for ARMING_DELAY_MS with no key arriving. A key
 * that arrives before was not an answer to a question the user had read (a
 * double press, a held key, typing meant for the prompt): it is dropped, not
 * given to the prompt behind the question, and starts the wait again, so
 * neither typing on nor holding a key ever answers. A question that follows
 * an answered one is a new subject and starts unarmed. Text typed at an armed
 * question disarms it the same way (`disarm`).
 */
import { usePastedText, useKeys } from "../keys/useKeys.ts";
import { useCallback, useEffect, useState } from "react";
import { useClock } from "../runtime/useClock.ts";

/** How long a question must have been on screen, with no key in between, before it takes keys. */
export const ARMING_DELAY_MS = 500;

interface Arming {
  readonly subject: string | undefined;
  readonly armed: boolean;
  /** Keys dropped while this subject waited: the screen says it waits for a deliberate key. */
  readonly dropped: number;
}

/** Whether the question takes keys, and a way to make it wait again. */
export interface ArmingState {
  readonly armed: boolean;
  /** True once a key reached the question before it was armed (it was dropped); cleared when armed. */
  readonly droppedKey: boolean;
  readonly disarm: () => void;
}

/**
 * Whether the question `subject` (a key unique to it: `tool:7`, `server:tracker`;
 * undefined when none is shown) takes keys yet. A new subject starts unarmed.
 * While a subject is unarmed this hook swallows every key: the caller must
 * keep the prompt and panel deaf while any subject is shown.
 */
export function useArming(subject: string | undefined, delayMs = ARMING_DELAY_MS): ArmingState {
  const clock = useClock();
  const [arming, setArming] = useState<Arming>({ subject, armed: false, dropped: 0 });
  // A different question (or none) resets at once, in this render, so no frame shows it armed.
  const current = arming.subject === subject ? arming : { subject, armed: false, dropped: 0 };
  if (current !== arming) setArming(current);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a dropped keystroke (current.dropped) restarts the wait on purpose.
  useEffect(() => {
    if (subject === undefined || current.armed) return;
    return clock.setTimeout(
      () => setArming((a) => (a.subject === subject ? { subject, armed: true, dropped: 0 } : a)),
      delayMs,
    );
  }, [subject, current.armed, current.dropped, clock, delayMs]);

  const waiting = { isActive: subject !== undefined && !current.armed };
  const drop = useCallback(() => setArming((a) => (a.armed ? a : { ...a, dropped: a.dropped + 1 })), []);
  useKeys(drop, waiting);
  usePastedText(drop, waiting);
  const disarm = useCallback(
    () => setArming((a) => (a.armed ? { subject: a.subject, armed: false, dropped: 1 } : a)),
    [],
  );
  return {
    armed: subject !== undefined && current.armed,
    droppedKey: subject !== undefined && !current.armed && current.dropped > 0,
    disarm,
  };
}
