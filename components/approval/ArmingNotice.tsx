/**
 * The line under a question that dropped a key because it had just appeared:
 * says the key did nothing and that the question waits for one pressed on
 * purpose (see useArming).
 */
import { Text } from "ink";

/** Shown only while `shown`. */
export function ArmingNotice({ shown }: { readonly shown: boolean }) {
  if (!shown) return null;
  return (
    <Text color="yellow" wrap="truncate-end">
      {"⏸ Key ignored: read the question, then press a key"}
    </Text>
  );
}
