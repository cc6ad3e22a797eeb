/**
 * Reads a slice of a store and re-renders when that slice changes
 * (useSyncExternalStore). The selector must return an existing reference or
 * a primitive, never a fresh object, or React would re-render forever.
 */
import { useSyncExternalStore } from "react";
import type { ReadableStore } from "../../src/store.ts";

/** `selector(store.getSnapshot())`, kept current. */
export function useStore<T, S>(store: ReadableStore<T>, selector: (state: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => selector(store.getSnapshot()));
}
