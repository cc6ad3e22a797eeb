/**
 * The prompt field's state and keys: editing, Enter submits, Esc interrupts,
 * Ctrl+D on an empty line quits. Only listens while `isActive`, so an open
 * modal gets the keyboard to itself.
 */
import { useInput } from "ink";
import { useReducer } from "react";
import { textInputActionFor } from "../text-input-keys.ts";
import { EMPTY_INPUT, reduceTextInput, type TextInputState } from "../text-input-state.ts";

/** Focus and the callbacks for Enter, Esc and Ctrl+D. */
export interface PromptInputOptions {
  readonly isActive: boolean;
  /** Called with the typed line; return false to keep the text (it was not taken). */
  readonly onSubmit: (line: string) => boolean;
  readonly onEscape: () => void;
  /** Ctrl+D on an empty line. */
  readonly onEof: () => void;
}

/** The field's state, and a way to empty it. */
export interface PromptInput {
  readonly state: TextInputState;
  readonly clear: () => void;
}

/** Owns the prompt's text and maps keys to edits and actions. */
export function usePromptInput(options: PromptInputOptions): PromptInput {
  const [state, dispatch] = useReducer(reduceTextInput, EMPTY_INPUT);
  useInput(
    (input, key) => {
      if (key.return) {
        if (options.onSubmit(state.value)) dispatch({ type: "reset" });
        return;
      }
      if (key.escape) return options.onEscape();
      if (key.ctrl && input === "d") {
        if (state.value === "") return options.onEof();
        return dispatch({ type: "delete" });
      }
      const action = textInputActionFor(input, key);
      if (action) dispatch(action);
    },
    { isActive: options.isActive },
  );
  return { state, clear: () => dispatch({ type: "reset" }) };
}
