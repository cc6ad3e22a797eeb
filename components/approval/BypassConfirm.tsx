/**
 * The one-line question Shift+Tab asks before bypassPermissions: `y` turns it
 * on, Shift+Tab passes it by to the next mode, any other key keeps the mode
 * as it was. Dimmed, and deaf but for Shift+Tab, until armed (useArming):
 * passing it by is always safe, so cycling modes never stalls on it.
 */
import { Text } from "ink";
import { useKeys } from "../keys/useKeys.ts";

/** Whether it takes keys, and what each answer does. */
export interface BypassConfirmProps {
  readonly isActive: boolean;
  readonly onConfirm: () => void;
  /** Shift+Tab: on to the mode after bypassPermissions. */
  readonly onSkip: () => void;
  readonly onCancel: () => void;
}

/** `⚠ Bypass permissions: tools run unasked. y on · other key no` (Shift+Tab, as ever, goes on to the next mode). */
export function BypassConfirm({ isActive, onConfirm, onSkip, onCancel }: BypassConfirmProps) {
  useKeys(
    (input, key) => {
      if (key.tab && key.shift) return onSkip();
      if (!isActive) return;
      if (input === "y" || input === "Y") return onConfirm();
      onCancel();
    },
    { isActive: true },
  );
  return (
    <Text color="red" dimColor={!isActive} wrap="wrap">
      ⚠ Bypass permissions: tools run unasked. <Text bold>y</Text> on · other key no
    </Text>
  );
}
