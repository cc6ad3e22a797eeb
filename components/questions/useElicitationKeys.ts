/**
 * Keys of the elicitation form: Tab/Shift+Tab move over fields and buttons,
 * ↑/↓ over the fields and Accept only, Enter moves on from a field, submits
 * from the last one and presses a button, ←/→ pick an option (enum), move
 * over them (multi-select) or over the buttons, Space toggles, Esc cancels.
 * In a text or number field keys edit as in the prompt box. Accept with
 * invalid fields shows their errors instead. Decline, Cancel or Esc on a
 * form whose values changed asks first: only `y` throws the input away, any
 * other key goes back to the form. Answers once.
 */
import { usePastedText, useKeys } from "../keys/useKeys.ts";
import { useRef, useState } from "react";
import type { FormAnswer } from "../../src/mcp/requests/server-requests.ts";
import { useLatestReducer } from "../keys/useLatestReducer.ts";
import { readTypedChunk, textInputActionFor } from "../prompt/text-input-keys.ts";
import {
  currentErrors,
  focusedButton,
  focusedField,
  hasInput,
  initialFormState,
  reduceElicitationForm,
  type ElicitationFormState,
} from "./elicitation-form-state.ts";
import type { ElicitField } from "../../src/mcp/requests/elicitation.ts";

export function useElicitationKeys(options: {
  readonly fields: readonly ElicitField[];
  readonly isActive: boolean;
  readonly onAnswer: (answer: FormAnswer) => void;
}): ElicitationFormState {
  const [initial] = useState(() => initialFormState(options.fields));
  const [state, dispatch, current] = useLatestReducer(reduceElicitationForm, initial);
  const answered = useRef(false);

  const answer = (value: FormAnswer): void => {
    if (answered.current) return;
    answered.current = true;
    options.onAnswer(value);
  };
  const leave = (how: "decline" | "cancel"): void => {
    if (hasInput(current())) return dispatch({ type: "ask-leave", how });
    answer({ action: how });
  };
  const submit = (): void => {
    const now = current();
    if (Object.keys(currentErrors(now)).length > 0) return dispatch({ type: "show-errors" });
    answer({ action: "accept", values: now.values });
  };
  const enter = (): void => {
    const now = current();
    const button = focusedButton(now);
    if (button === undefined)
      return now.focus === now.fields.length - 1 ? submit() : dispatch({ type: "move", delta: 1 });
    if (button === "Decline") return leave("decline");
    if (button === "Cancel") return leave("cancel");
    submit();
  };

  /** Text typed at the focused field: edits a text field, Space toggles a choice. */
  const typeText = (text: string): void => {
    const field = focusedField(current());
    if (field?.kind === "text" || field?.kind === "number") {
      for (const action of readTypedChunk(text).edits) dispatch({ type: "edit", action });
    } else if (text.includes(" ")) dispatch({ type: "toggle" });
  };
  /** Keys typed quickly arrive as one chunk ("42\t7\r"): Tab and Enter in it act as keys, in order. */
  const typeChunk = (chunk: string): void => {
    let text = "";
    for (const ch of chunk) {
      if (ch !== "\t" && ch !== "\r" && ch !== "\n") {
        text += ch;
        continue;
      }
      if (text !== "") typeText(text);
      text = "";
      if (answered.current) return;
      if (ch === "\t") dispatch({ type: "move", delta: 1 });
      else enter();
    }
    if (text !== "") typeText(text);
  };

  useKeys(
    (input, key) => {
      if (answered.current) return;
      const leaving = current().leaving;
      if (leaving !== undefined)
        return input === "y" || input === "Y" ? answer({ action: leaving }) : dispatch({ type: "stay" });
      if (key.escape) return leave("cancel");
      if (key.tab) return dispatch({ type: "move", delta: key.shift ? -1 : 1 });
      if (key.upArrow || key.downArrow) return dispatch({ type: "step", delta: key.upArrow ? -1 : 1 });
      if (key.return) return enter();
      const field = focusedField(current());
      const textual = field?.kind === "text" || field?.kind === "number";
      if (!textual && (key.leftArrow || key.rightArrow)) {
        return dispatch(
          field ? { type: "option", delta: key.leftArrow ? -1 : 1 } : { type: "move", delta: key.leftArrow ? -1 : 1 },
        );
      }
      const edit = textInputActionFor(input, key);
      if (edit === null) return;
      if (edit.type === "insert") return typeChunk(edit.text);
      if (textual) dispatch({ type: "edit", action: edit });
    },
    { isActive: options.isActive },
  );
  usePastedText(
    (text) => {
      if (!answered.current) dispatch({ type: "edit", action: { type: "insert", text } });
    },
    { isActive: options.isActive },
  );
  return state;
}
