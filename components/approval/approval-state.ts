/**
 * The approval modal's state: which choice is highlighted and, once the user
 * picks a choice that takes a message ("deny, and tell the model…"), the text
 * typed for it. Pure; useApprovalKeys maps keys to these actions.
 */
import { EMPTY_INPUT, reduceTextInput, type TextInputAction, type TextInputState } from "../prompt/text-input-state.ts";

/** Highlighted choice and the message being typed. */
export interface ApprovalState {
  /** How many choices the modal offers. */
  readonly count: number;
  /** Choices shown but not available (the sandbox where it cannot run): never focused nor picked. */
  readonly disabled: readonly boolean[];
  /** The highlighted choice, 0-based. */
  readonly focus: number;
  /** True while the message field of the focused choice takes the keys. */
  readonly typing: boolean;
  readonly message: TextInputState;
}

/** What a key can do to the modal. */
export type ApprovalAction =
  /** Up/down (wraps around). */
  | { type: "move"; delta: number }
  | { type: "focus"; index: number }
  /** Opens the message field of the focused choice. */
  | { type: "start-message" }
  /** Back from the message field to the list. */
  | { type: "stop-message" }
  | { type: "edit"; action: TextInputAction };

/** `initial` highlighted when it is an available choice, else the first available one; no message. */
export function initialApprovalState(count: number, disabled: readonly boolean[] = [], initial?: number): ApprovalState {
  const available = (i: number) => i >= 0 && i < count && !disabled[i];
  const first = initial !== undefined && available(initial) ? initial : (Array.from({ length: count }, (_, i) => i).find(available) ?? 0);
  return { count, disabled, focus: first, typing: false, message: EMPTY_INPUT };
}

/** The next modal state; returns `state` itself when nothing changes. */
export function reduceApproval(state: ApprovalState, action: ApprovalAction): ApprovalState {
  switch (action.type) {
    case "move": {
      if (state.typing || state.count === 0) return state;
      let focus = state.focus;
      // Past a disabled choice to the next one in that direction (at most once round).
      for (let step = 0; step < state.count; step++) {
        focus = (((focus + action.delta) % state.count) + state.count) % state.count;
        if (!state.disabled[focus]) break;
      }
      return focus === state.focus || state.disabled[focus] ? state : { ...state, focus };
    }
    case "focus":
      if (action.index < 0 || action.index >= state.count || state.typing || state.disabled[action.index]) return state;
      return action.index === state.focus ? state : { ...state, focus: action.index };
    case "start-message":
      return state.typing ? state : { ...state, typing: true };
    case "stop-message":
      return state.typing ? { ...state, typing: false } : state;
    case "edit": {
      if (!state.typing) return state;
      const message = reduceTextInput(state.message, action.action);
      return message === state.message ? state : { ...state, message };
    }
  }
}
