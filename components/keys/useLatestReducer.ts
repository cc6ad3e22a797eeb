/**
 * useReducer whose newest state can be read at once. Ink hands the events of
 * one stdin chunk ("abc", Backspace, Enter) to the handlers one after another
 * before React renders again, so a handler reading the rendered state would
 * submit a line that is one edit behind.
 */
import { useCallback, useRef, useState } from "react";

/** The rendered state, a dispatch that applies at once, and a reader of the newest state. */
export type LatestReducer<S, A> = readonly [state: S, dispatch: (action: A) => void, current: () => S];

/** Like useReducer (same no-op rule: an unchanged state re-renders nothing), plus `current()`. */
export function useLatestReducer<S, A>(reducer: (state: S, action: A) => S, initial: S): LatestReducer<S, A> {
  const [state, setState] = useState(initial);
  const latest = useRef(initial);
  const dispatch = useCallback(
    (action: A) => {
      const next = reducer(latest.current, action);
      if (Object.is(next, latest.current)) return;
      latest.current = next;
      setState(next);
    },
    [reducer],
  );
  const current = useCallback(() => latest.current, []);
  return [state, dispatch, current];
}
