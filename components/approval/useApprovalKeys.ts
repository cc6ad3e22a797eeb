/**
 * Keys of the approval modal: ↑/↓, k/j or Tab/Shift+Tab move, Enter or a
 * digit picks, Esc picks the last choice (the refusal), or stops when the
 * modal has `onEscape`. A choice that takes a message opens its field first;
 * there Enter sends (also when it arrives in one chunk with the text), a paste
 * adds text, Esc refuses without a message (or stops) and ↑ goes back to the list. PgUp/PgDn scroll a body taller than the
 * screen by a page, Ctrl+↑/↓ by a row. Any other character means the user
 * is typing text meant for the prompt: it answers nothing and `onStrayKey`
 * is told, so the Enter that follows cannot pick a choice. Answers once:
 * later keys are ignored.
 */
import { usePastedText, useKeys } from "../keys/useKeys.ts";
import { useRef } from "react";
import { initialApprovalState, reduceApproval, type ApprovalState } from "./approval-state.ts";
import { readTypedChunk, textInputActionFor } from "../prompt/text-input-keys.ts";
import { useLatestReducer } from "../keys/useLatestReducer.ts";

/** The choices' shape, focus and the answer callback. */
export interface ApprovalKeyOptions {
  /** Per choice: whether it asks for a message before it is final. */
  readonly asksForMessage: readonly boolean[];
  /** Per choice: shown, but not available (its digit and Enter only say why; nothing is preselected). */
  readonly disabled?: readonly boolean[];
  /** The choice highlighted first, when available; the first available by default. */
  readonly initialFocus?: number | undefined;
  readonly isActive: boolean;
  /** The chosen index (0-based) and, for a message choice, the trimmed text if any. */
  readonly onDecide: (index: number, message?: string) => void;
  /** Scrolls the body by pages and rows (negative: up); absent when the body fits. */
  readonly onScroll?: (pages: number, rows: number) => void;
  /** A character that is no key of the modal arrived (see above). */
  readonly onStrayKey?: () => void;
  /** Esc, when it means more than the refusal (a tool approval's Esc stops the turn). */
  readonly onEscape?: () => void;
}

/** Handles the modal's keys and returns its state for the view. */
export function useApprovalKeys(options: ApprovalKeyOptions): ApprovalState {
  const count = options.asksForMessage.length;
  const [state, dispatch, current] = useLatestReducer(
    reduceApproval,
    initialApprovalState(count, options.disabled, options.initialFocus),
  );
  const decided = useRef(false);

  const decide = (index: number, message?: string): void => {
    if (decided.current) return;
    decided.current = true;
    options.onDecide(index, message);
  };
  const pick = (index: number): void => {
    // Nothing else is picked instead: the modal says why.
    if (index < 0 || options.disabled?.[index]) return dispatch({ type: "refuse", index });
    if (options.asksForMessage[index]) {
      dispatch({ type: "focus", index });
      dispatch({ type: "start-message" });
    } else decide(index);
  };

  const escape = (index: number): void => {
    if (!options.onEscape) return decide(index);
    if (decided.current) return;
    decided.current = true;
    options.onEscape();
  };

  const send = (): void => {
    const { focus, message } = current();
    decide(focus, message.value.trim() || undefined);
  };

  useKeys(
    (input, key) => {
      if (decided.current) return;
      const scroll = options.onScroll;
      if (scroll && (key.pageUp || key.pageDown)) return scroll(key.pageUp ? -1 : 1, 0);
      if (scroll && key.ctrl && (key.upArrow || key.downArrow)) return scroll(0, key.upArrow ? -1 : 1);
      const { typing, focus } = current();
      if (typing) {
        if (key.return) return send();
        if (key.escape) return escape(focus);
        if (key.upArrow) return dispatch({ type: "stop-message" });
        const edit = textInputActionFor(input, key);
        if (edit?.type !== "insert") return edit ? dispatch({ type: "edit", action: edit }) : undefined;
        const typed = readTypedChunk(edit.text);
        for (const action of typed.edits) dispatch({ type: "edit", action });
        if (typed.enter) send();
        return;
      }
      if (key.escape) return escape(count - 1);
      if (key.return) return pick(focus);
      if (key.upArrow || (key.tab && key.shift)) return dispatch({ type: "move", delta: -1 });
      if (key.downArrow || key.tab) return dispatch({ type: "move", delta: 1 });
      if (key.ctrl || key.meta) return;
      // Keys typed quickly can arrive as one chunk ("jj", "2\r"): take them one by one.
      for (const ch of input) {
        if (ch === "k") dispatch({ type: "move", delta: -1 });
        else if (ch === "j") dispatch({ type: "move", delta: 1 });
        else if (ch === "\r") return pick(current().focus);
        else if (ch >= "1" && ch <= String(Math.min(count, 9))) return pick(Number(ch) - 1);
        else return options.onStrayKey?.();
      }
    },
    { isActive: options.isActive },
  );
  usePastedText(
    (text) => {
      if (!decided.current && current().typing) dispatch({ type: "edit", action: { type: "insert", text } });
    },
    { isActive: options.isActive },
  );
  return state;
}
