/**
 * The multiple-choice question's state: the highlighted row and the options
 * ticked. Pure; MultiSelectQuestion maps keys to these actions.
 */
export interface MultiSelectState {
  /** Options plus one row, "Done". */
  readonly rows: number;
  readonly focus: number;
  readonly ticked: ReadonlySet<number>;
}

export type MultiSelectAction = { type: "move"; delta: number } | { type: "toggle"; index: number };

export function initialMultiSelect(options: number): MultiSelectState {
  return { rows: options + 1, focus: 0, ticked: new Set() };
}

export function reduceMultiSelect(state: MultiSelectState, action: MultiSelectAction): MultiSelectState {
  switch (action.type) {
    case "move":
      return { ...state, focus: (((state.focus + action.delta) % state.rows) + state.rows) % state.rows };
    case "toggle": {
      if (action.index < 0 || action.index >= state.rows - 1) return state;
      const ticked = new Set(state.ticked);
      if (ticked.has(action.index)) ticked.delete(action.index);
      else ticked.add(action.index);
      return { ...state, ticked };
    }
  }
}
