/**
 * A text field's value with the character under the cursor in inverse video;
 * when empty, a dim placeholder whose first character carries the cursor.
 */
import { Text } from "ink";
import type { TextInputState } from "./text-input-state.ts";

/** The field's state, focus and placeholder. */
export interface TextWithCursorProps {
  readonly state: TextInputState;
  /** No cursor when the field does not have the keyboard. */
  readonly isActive: boolean;
  /** Shown dim while the value is empty. */
  readonly placeholder?: string;
}

/** The value with a block cursor, or the placeholder. */
export function TextWithCursor({ state, isActive, placeholder = "" }: TextWithCursorProps) {
  const { value, cursor } = state;
  if (value === "" && placeholder !== "") {
    return (
      <Text dimColor={!isActive}>
        <Text inverse={isActive}>{placeholder.slice(0, 1)}</Text>
        <Text dimColor>{placeholder.slice(1)}</Text>
      </Text>
    );
  }
  if (!isActive) return <Text>{value}</Text>;
  const at = value.codePointAt(cursor);
  const under = at === undefined ? "" : String.fromCodePoint(at);
  // At the end of the text or of a line the cursor is a block on an empty cell.
  const block = under === "" || under === "\n" ? " " : under;
  return (
    <Text>
      {value.slice(0, cursor)}
      <Text inverse>{block}</Text>
      {value.slice(cursor + (block === under ? under.length : 0))}
    </Text>
  );
}
