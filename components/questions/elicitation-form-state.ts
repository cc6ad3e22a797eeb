/**
 * The elicitation form's state: each field's value (text fields keep their
 * cursor), which row has focus (a field, or one of the Accept / Decline /
 * Cancel buttons), the option under the cursor in a choice field, and which
 * fields show their errors (those edited or left, or all after a refused
 * Accept), and whether the user is asked before typed input is thrown away
 * (Decline, Cancel or Esc on a changed form). Pure; useElicitationKeys maps
 * keys to these actions.
 */
import {
  fieldError,
  formErrors,
  initialValue,
  type ElicitField,
  type FieldValue,
} from "../../src/mcp/requests/elicitation.ts";
import { reduceTextInput, type TextInputAction, type TextInputState } from "../prompt/text-input-state.ts";

export const FORM_BUTTONS = ["Accept", "Decline", "Cancel"] as const;
export type FormButton = (typeof FORM_BUTTONS)[number];

export interface ElicitationFormState {
  readonly fields: readonly ElicitField[];
  readonly values: Readonly<Record<string, FieldValue>>;
  /** Text and number fields' editors (value and cursor). */
  readonly inputs: Readonly<Record<string, TextInputState>>;
  /** 0…fields-1: a field; then the buttons in FORM_BUTTONS order. */
  readonly focus: number;
  /** The option under the cursor of each choice field. */
  readonly optionCursor: Readonly<Record<string, number>>;
  /** Fields whose error is shown. */
  readonly shown: readonly string[];
  /** The values the form opened with: anything else is input the user would lose by leaving. */
  readonly initialValues: Readonly<Record<string, FieldValue>>;
  /** Set while the form asks whether to throw the typed input away and decline or cancel. */
  readonly leaving?: "decline" | "cancel";
}

export type ElicitationFormAction =
  /** Tab/Shift+Tab: every row in turn, around. */
  | { type: "move"; delta: number }
  /** ↑/↓: between the fields and Accept, stopping there (a held ↓ never reaches Decline or Cancel). */
  | { type: "step"; delta: number }
  /** Decline or Cancel was asked for on a changed form: ask first. */
  | { type: "ask-leave"; how: "decline" | "cancel" }
  | { type: "stay" }
  | { type: "edit"; action: TextInputAction }
  /** ←/→ in a choice field: the next option (an enum selects it; a multi-select moves its cursor); a boolean toggles. */
  | { type: "option"; delta: number }
  /** Space: toggles a boolean, or the option under a multi-select's cursor; selects it in an enum. */
  | { type: "toggle" }
  /** Accept was refused: show every error and focus the first field that has one. */
  | { type: "show-errors" };

const isTextual = (field: ElicitField | undefined) => field?.kind === "text" || field?.kind === "number";

export function initialFormState(fields: readonly ElicitField[]): ElicitationFormState {
  const values: Record<string, FieldValue> = {};
  const inputs: Record<string, TextInputState> = {};
  const optionCursor: Record<string, number> = {};
  for (const field of fields) {
    const value = initialValue(field);
    values[field.key] = value;
    if (isTextual(field)) inputs[field.key] = { value: String(value), cursor: String(value).length };
    if (field.kind === "enum")
      optionCursor[field.key] = Math.max(
        0,
        field.options.findIndex((o) => o.value === value),
      );
    if (field.kind === "multi") optionCursor[field.key] = 0;
  }
  return { fields, values, inputs, focus: 0, optionCursor, shown: [], initialValues: values };
}

/** Whether the user changed any value: leaving would throw their input away. */
export function hasInput(state: ElicitationFormState): boolean {
  return state.fields.some(
    (field) => JSON.stringify(state.values[field.key]) !== JSON.stringify(state.initialValues[field.key]),
  );
}

/** The focused field, or undefined when a button has focus. */
export function focusedField(state: ElicitationFormState): ElicitField | undefined {
  return state.fields[state.focus];
}

/** The focused button, or undefined when a field has focus. */
export function focusedButton(state: ElicitationFormState): FormButton | undefined {
  return FORM_BUTTONS[state.focus - state.fields.length];
}

/** The error shown under a field, if it is shown and has one. */
export function shownError(state: ElicitationFormState, field: ElicitField): string | undefined {
  return state.shown.includes(field.key) ? fieldError(field, state.values[field.key]) : undefined;
}

export function currentErrors(state: ElicitationFormState): Record<string, string> {
  return formErrors(state.fields, state.values);
}

const show = (shown: readonly string[], key: string | undefined) =>
  key === undefined || shown.includes(key) ? shown : [...shown, key];

export function reduceElicitationForm(
  state: ElicitationFormState,
  action: ElicitationFormAction,
): ElicitationFormState {
  const field = focusedField(state);
  switch (action.type) {
    case "move": {
      const rows = state.fields.length + FORM_BUTTONS.length;
      const focus = (((state.focus + action.delta) % rows) + rows) % rows;
      return { ...state, focus, shown: show(state.shown, field?.key) };
    }
    case "step": {
      const focus = Math.max(0, Math.min(state.fields.length, state.focus + action.delta));
      return focus === state.focus ? state : { ...state, focus, shown: show(state.shown, field?.key) };
    }
    case "ask-leave":
      return state.leaving === action.how ? state : { ...state, leaving: action.how };
    case "stay": {
      if (state.leaving === undefined) return state;
      const { leaving: _, ...rest } = state;
      return rest;
    }
    case "edit": {
      if (!field || !isTextual(field)) return state;
      // A field is one line: a pasted line break becomes a space.
      const edit =
        action.action.type === "insert"
          ? { ...action.action, text: action.action.text.replace(/\n/g, " ") }
          : action.action;
      const input = reduceTextInput(state.inputs[field.key] ?? { value: "", cursor: 0 }, edit);
      if (input === state.inputs[field.key]) return state;
      return {
        ...state,
        inputs: { ...state.inputs, [field.key]: input },
        values: { ...state.values, [field.key]: input.value },
        shown: input.value === "" ? state.shown : show(state.shown, field.key),
      };
    }
    case "option": {
      if (field?.kind === "boolean") return setValue(state, field.key, !state.values[field.key]);
      if (field?.kind !== "enum" && field?.kind !== "multi") return state;
      const count = field.options.length;
      if (count === 0) return state;
      // An enum with nothing chosen yet takes the option under the cursor first.
      const step = field.kind === "enum" && state.values[field.key] === undefined ? 0 : action.delta;
      const at = ((((state.optionCursor[field.key] ?? 0) + step) % count) + count) % count;
      const moved = { ...state, optionCursor: { ...state.optionCursor, [field.key]: at } };
      return field.kind === "enum" ? setValue(moved, field.key, field.options[at]?.value) : moved;
    }
    case "toggle": {
      if (field?.kind === "boolean") return setValue(state, field.key, !state.values[field.key]);
      if (field?.kind !== "enum" && field?.kind !== "multi") return state;
      const option = field.options[state.optionCursor[field.key] ?? 0];
      if (!option) return state;
      if (field.kind === "enum") return setValue(state, field.key, option.value);
      const chosen = (state.values[field.key] as readonly string[] | undefined) ?? [];
      const next = chosen.includes(option.value)
        ? chosen.filter((v) => v !== option.value)
        : field.options.map((o) => o.value).filter((v) => v === option.value || chosen.includes(v));
      return setValue(state, field.key, next);
    }
    case "show-errors": {
      const errors = currentErrors(state);
      const first = state.fields.findIndex((f) => errors[f.key] !== undefined);
      return { ...state, shown: state.fields.map((f) => f.key), focus: first >= 0 ? first : state.focus };
    }
  }
}

function setValue(state: ElicitationFormState, key: string, value: FieldValue): ElicitationFormState {
  return { ...state, values: { ...state.values, [key]: value }, shown: show(state.shown, key) };
}
