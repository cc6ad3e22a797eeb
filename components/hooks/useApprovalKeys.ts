/**
 * Keys of the approval modal: ↑/↓ or k/j move, Enter or a digit picks, Esc
 * picks the last choice (the refusal). A choice that takes a message opens
 * its field first; there Enter sends, Esc refuses without a message and ↑
 * goes back to the list. Answers once: later keys are ignored.
 */
import { useInput } from "ink";
import { useReducer, useRef } from "react";
import { initialApprovalState, reduceApproval, type ApprovalState } from "../approval-state.ts";
import { textInputActionFor } from "../text-input-keys.ts";

/** The choices' shape, focus and the answer callback. */
export interface ApprovalKeyOptions {
  /** Per choice: whether it asks for a message before it is final. */
  readonly asksForMessage: readonly boolean[];
  readonly isActive: boolean;
  /** The chosen index (0-based) and, for a message choice, the trimmed text if any. */
  readonly onDecide: (index: number, message?: string) => void;
}

/** Handles the modal's keys and returns its state for the view. */
export function useApprovalKeys(options: ApprovalKeyOptions): ApprovalState {
  const count = options.asksForMessage.length;
  const [state, dispatch] = useReducer(reduceApproval, count, initialApprovalState);
  const decided = useRef(false);

  const decide = (index: number, message?: string): void => {
    if (decided.current) return;
    decided.current = true;
    options.onDecide(index, message);
  };
  const pick = (index: number): void => {
    if (options.asksForMessage[index]) {
      dispatch({ type: "focus", index });
      dispatch({ type: "startMessage" });
    } else decide(index);
  };

  useInput(
    (input, key) => {
      if (decided.current) return;
      if (state.typing) {
        if (key.return) return decide(state.focus, state.message.value.trim() || undefined);
        if (key.escape) return decide(state.focus);
        if (key.upArrow) return dispatch({ type: "stopMessage" });
        const edit = textInputActionFor(input, key);
        if (edit) dispatch({ type: "edit", action: edit });
        return;
      }
      if (key.escape) return decide(count - 1);
      if (key.return) return pick(state.focus);
      if (key.upArrow) return dispatch({ type: "move", delta: -1 });
      if (key.downArrow || key.tab) return dispatch({ type: "move", delta: 1 });
      if (key.ctrl || key.meta) return;
      // Keys typed quickly can arrive as one chunk ("jj"): take them one by one.
      for (const ch of input) {
        if (ch === "k") dispatch({ type: "move", delta: -1 });
        else if (ch === "j") dispatch({ type: "move", delta: 1 });
        else if (ch >= "1" && ch <= String(Math.min(count, 9))) return pick(Number(ch) - 1);
      }
    },
    { isActive: options.isActive },
  );
  return state;
}
