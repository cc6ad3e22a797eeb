/**
 * The prompt field at the bottom: `❯ text` with a block cursor, a hint when
 * empty, dimmed while a modal has the keyboard.
 */
import { Box } from "ink";
import { Bulleted } from "../transcript/Bulleted.tsx";
import type { TextInputState } from "./text-input-state.ts";
import { TextWithCursor } from "./TextWithCursor.tsx";

/** The field's state and whether it has the keyboard. */
export interface PromptInputProps {
  readonly state: TextInputState;
  /** False while a modal has the keyboard: no cursor, dim border. */
  readonly isActive: boolean;
  readonly placeholder: string;
}

/** A rounded box with `❯` and the text being typed. */
export function PromptInput({ state, isActive, placeholder }: PromptInputProps) {
  return (
    <Box borderStyle="round" borderColor={isActive ? "cyan" : "gray"} paddingX={1}>
      <Bulleted mark="❯" color={isActive ? "cyan" : "gray"} bold>
        <TextWithCursor state={state} isActive={isActive} placeholder={placeholder} />
      </Bulleted>
    </Box>
  );
}
