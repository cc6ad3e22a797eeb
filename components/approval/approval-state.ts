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
  /** The highlighted choice, 0-based; -1 when none is (nothing is preselected where a choice is disabled). */
  readonly focus: number;
  /** The choice just refused, to say why: a disabled one's index, or -1 for Enter with nothing highlighted. */
  readonly refused?: number;
  /** True while the message field of the focused choice takes the keys. */
  readonly typing: boolean;
  readonly message: TextInputState;
}

/** What a key can do to the modal. */
export type ApprovalAction =
  /** Up/down (wraps around). */
  | { type: "move"; delta: number }
  | { type: "focus"; index: number }
  /** A disabled choice's digit, or Enter with nothing highlighted (-1): nothing is picked, the modal says why. */
  | { type: "refuse"; index: number }
  /** Opens the message field of the focused choice. */
  | { type: "start-message" }
  /** Back from the message field to the list. */
  | { type: "stop-message" }
  | { type: "edit"; action: TextInputAction };

/**
 * `initial` highlighted when it is an available choice, else the first
 * choice. Where a choice is disabled and no `initial` is given, nothing is:
 * the highlight never lands on a choice the user did not pick (with the
 * sandbox unavailable, Enter would otherwise start with full access).
 */
export function initialApprovalState(
  count: number,
  disabled: readonly boolean[] = [],
  initial?: number,
): ApprovalState {
  const available = (i: number) => i >= 0 && i < count && !disabled[i];
  const focus = initial !== undefined && available(initial) ? initial : disabled.some(Boolean) ? -1 : 0;
  return { count, disabled, focus, typing: false, message: EMPTY_INPUT };
}

/** The next modal state; returns `state` itself when nothing changes. */
export function reduceApproval(state: ApprovalState, action: ApprovalAction): ApprovalState {
  switch (action.type) {
    case "move": {
      if (state.typing || state.count === 0) return state;
      // From no highlight, down starts at the first choice and up at the last.
      let focus = state.focus >= 0 ? state.focus : action.delta > 0 ? -1 : state.count;
      // Past a disabled choice to the next one in that direction (at most once round).
      for (let step = 0; step < state.count; step++) {
        focus = (((focus + action.delta) % state.count) + state.count) % state.count;
        if (!state.disabled[focus]) break;
      }
      return focus === state.focus || state.disabled[focus] ? state : { focus, ...withoutRefusal(state) };
    }
    case "focus":
      if (action.index < 0 || action.index >= state.count || state.typing || state.disabled[action.index]) return state;
      return action.index === state.focus ? state : { focus: action.index, ...withoutRefusal(state) };
    case "refuse":
      return state.typing || state.refused === action.index ? state : { ...state, refused: action.index };
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

function withoutRefusal(state: ApprovalState): Omit<ApprovalState, "focus"> {
  const { refused: _refused, focus: _focus, ...rest } = state;
  return rest;
}

/** Why the refused choice was not taken, in one line (`detail`: the choice's own line, which says why it is disabled). */
export function refusalText(refused: number, detail: string | undefined): string {
  if (refused < 0) return "Nothing is chosen yet: press a choice's digit, or ↑/↓ then Enter.";
  const why = detail ?? "not available";
  // \u2026 is …, escaped: the UI's bundle stays ASCII (tests/unit/cli/first-frame-graph.test.ts says why).
  return `Choice ${refused + 1} cannot be taken: ${why}${/[.\u2026]$/.test(why) ? "" : "."}`;
}
