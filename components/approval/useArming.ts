/**
 * The arming delay of anything that asks for a keypress (an approval modal,
 * the bypassPermissions confirmation): it takes keys only once it has been on
 * screen for ARMING_DELAY_MS with no key arriving. A key typed before that was
 * meant for the prompt box, not as the answer to a question the user had not
 * seen; each such key starts the wait again, so typing on never answers.
 * Text typed at an armed question disarms it the same way (`disarm`).
 */
import { useKeys } from "../hooks/useKeys.ts";
import { useCallback, useContext, useEffect, useState } from "react";
import { ClockContext } from "../clock-context.ts";

/** How long a question must have been on screen, with no key in between, before it takes keys. */
export const ARMING_DELAY_MS = 300;

interface Arming {
  readonly subject: string | undefined;
  readonly armed: boolean;
}

/** Whether the question takes keys, and a way to make it wait again. */
export interface ArmingState {
  readonly armed: boolean;
  readonly disarm: () => void;
}

/**
 * Whether the question `subject` (a key unique to it: `tool:7`, `server:tracker`;
 * undefined when none is shown) takes keys yet. A new subject starts unarmed.
 */
export function useArming(subject: string | undefined, delayMs = ARMING_DELAY_MS): ArmingState {
  const clock = useContext(ClockContext);
  const [arming, setArming] = useState<Arming>({ subject, armed: false });
  const [keysWhileWaiting, setKeysWhileWaiting] = useState(0);
  // A different question (or none) resets at once, in this render, so no frame shows it armed.
  const current = arming.subject === subject ? arming : { subject, armed: false };
  if (current !== arming) setArming(current);

  useEffect(() => {
    if (subject === undefined || current.armed) return;
    return clock.setTimeout(() => setArming((a) => (a.subject === subject ? { subject, armed: true } : a)), delayMs);
  }, [subject, current.armed, keysWhileWaiting, clock, delayMs]);

  useKeys(() => setKeysWhileWaiting((n) => n + 1), { isActive: subject !== undefined && !current.armed });
  const disarm = useCallback(() => setArming((a) => (a.armed ? { subject: a.subject, armed: false } : a)), []);
  return { armed: subject !== undefined && current.armed, disarm };
}
