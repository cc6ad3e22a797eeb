/**
 * Shift+Tab through the permission modes (components/keys/permission-mode-cycle.ts
 * decides each step), with the question asked before bypassPermissions.
 */
import { useRef, useState } from "react";
import type { PermissionMode } from "../../src/agent/events.ts";
import { shiftTabStep } from "../keys/permission-mode-cycle.ts";
import type { Store } from "../../src/store.ts";

export interface ModeCycle {
  /** The bypassPermissions question is showing. */
  readonly confirmingBypass: boolean;
  /** Shift+Tab: the next mode, the question, or (while it shows) past it. */
  readonly cycle: () => void;
  /** `y` at the question. */
  readonly confirm: () => void;
  /** Any other key at the question: the mode stays. */
  readonly cancel: () => void;
}

export function useModeCycle(mode: Store<PermissionMode>): ModeCycle {
  const [confirmingBypass, setConfirmingBypass] = useState(false);
  // Mirrors the state for the key handler: two Shift+Tabs can arrive before React renders again.
  const confirming = useRef(false);
  const ask = (on: boolean): void => {
    confirming.current = on;
    setConfirmingBypass(on);
  };
  return {
    confirmingBypass,
    // From the store's current value, not this render's copy, for the same reason.
    cycle: () => {
      const step = shiftTabStep(mode.getSnapshot(), confirming.current);
      ask(step.kind === "confirm-bypass");
      if (step.kind === "set") mode.update(() => step.mode);
    },
    confirm: () => {
      ask(false);
      mode.update(() => "bypassPermissions");
    },
    cancel: () => ask(false),
  };
}
