/**
 * Where the keyboard is and what the MCP panel shows: the prompt or the
 * panel has focus; in the panel, a selected server or background task in
 * the list (servers first), or one server opened (scrolled, its
 * instructions shown or not), or one task opened (its output, followed at
 * the end until scrolled up). A pure reducer,
 * so every key's effect is tested on plain values; the selection is an index
 * clamped to the servers there are when it is read.
 */

export interface McpPanelState {
  readonly focused: boolean;
  readonly selected: number;
  /** The opened server's name. */
  readonly opened?: string;
  /** The opened background task's id (never with `opened`). */
  readonly openedTask?: string;
  /** First row of the opened view shown. */
  readonly scroll: number;
  readonly showInstructions: boolean;
  /** The log's whole tail, not its last lines (`l`). */
  readonly showLog?: boolean;
}

/** A scroll past any view's end: the window stops at the last row. */
export const TO_END = Number.MAX_SAFE_INTEGER;

export type McpPanelAction =
  /** Tab, Ctrl+T or /mcp from the prompt. */
  | { type: "focus" }
  /** Tab from the panel, or Esc from its list: keys go to the prompt again. */
  | { type: "blur" }
  | { type: "move"; delta: number; count: number }
  /** Enter on a server; `l`: open it at its log, shown whole. */
  | { type: "open"; name: string; log?: boolean }
  /** Enter on a background task: its output, scrolled to the end. */
  | { type: "open-task"; id: string }
  /** Esc from an opened server or task: back to the list. */
  | { type: "close" }
  | { type: "scroll"; delta: number; maxScroll: number }
  | { type: "toggle-instructions" }
  /** `l` in an opened server: its log whole and in view, or back to its last lines. */
  | { type: "toggle-log" };

export const CLOSED_PANEL: McpPanelState = { focused: false, selected: 0, scroll: 0, showInstructions: false };

export function reduceMcpPanel(state: McpPanelState, action: McpPanelAction): McpPanelState {
  switch (action.type) {
    case "focus":
      return state.focused ? state : { ...state, focused: true };
    case "blur":
      return state.focused || isOpen(state)
        ? { ...state, focused: false, opened: undefined, openedTask: undefined, scroll: 0 }
        : state;
    case "move": {
      if (action.count === 0) return state;
      const selected = Math.max(0, Math.min(action.count - 1, clampSelection(state, action.count) + action.delta));
      return selected === state.selected ? state : { ...state, selected };
    }
    case "open":
      return {
        ...state,
        focused: true,
        opened: action.name,
        openedTask: undefined,
        scroll: action.log ? TO_END : 0,
        showInstructions: false,
        showLog: action.log === true,
      };
    case "open-task":
      return { ...state, focused: true, opened: undefined, openedTask: action.id, scroll: TO_END };
    case "close":
      return isOpen(state) ? { ...state, opened: undefined, openedTask: undefined, scroll: 0 } : state;
    case "scroll": {
      // From where the view really is: a jump to the end (TO_END) stands for maxScroll.
      const scroll = Math.max(0, Math.min(action.maxScroll, Math.min(state.scroll, action.maxScroll) + action.delta));
      return scroll === state.scroll ? state : { ...state, scroll };
    }
    case "toggle-instructions":
      return { ...state, showInstructions: !state.showInstructions };
    case "toggle-log":
      return state.showLog ? { ...state, showLog: false } : { ...state, showLog: true, scroll: TO_END };
  }
}

/** The selected index among `count` servers (servers can go away while one is selected). */
export function clampSelection(state: McpPanelState, count: number): number {
  return Math.max(0, Math.min(count - 1, state.selected));
}

/** A server or a task is opened. */
export function isOpen(state: McpPanelState): boolean {
  return state.opened !== undefined || state.openedTask !== undefined;
}
