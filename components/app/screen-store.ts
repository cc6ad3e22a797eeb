/**
 * The one store the screen subscribes to: it reads every source store and
 * hands back screenState of their snapshots, the same object as long as no
 * source changed (as useSyncExternalStore needs), and carries the round of
 * approvals from one state to the next.
 */
import type { Listener, ReadableStore } from "../../src/store.ts";
import { screenState, type ScreenSources, type ScreenState } from "./screen-state.ts";

/** A store for each value the screen reads. */
export type ScreenStores = { readonly [K in keyof ScreenSources]: ReadableStore<ScreenSources[K]> };

export function screenStore(stores: ScreenStores): ReadableStore<ScreenState> {
  const keys = Object.keys(stores) as (keyof ScreenSources)[];
  let sources: ScreenSources | undefined;
  let state: ScreenState | undefined;

  const getSnapshot = (): ScreenState => {
    const next = Object.fromEntries(keys.map((key) => [key, stores[key].getSnapshot()])) as unknown as ScreenSources;
    if (state === undefined || sources === undefined || keys.some((key) => !Object.is(next[key], sources?.[key]))) {
      state = screenState(next, state?.round);
      sources = next;
    }
    return state;
  };

  const subscribe = (listener: Listener<ScreenState>): (() => void) => {
    const onChange = (): void => {
      const prev = state ?? getSnapshot();
      const next = getSnapshot();
      if (next !== prev) listener(next, prev);
    };
    const unsubscribes = keys.map((key) => stores[key].subscribe(onChange));
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  };

  return { subscribe, getSnapshot };
}
