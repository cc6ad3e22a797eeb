/**
 * The one store shape every long-lived piece of state uses (DESIGN.md, "Store"):
 * immutable snapshots, no-op updates skipped, listeners told `(next, prev)`.
 * React binds to it with useSyncExternalStore; the core never needs React.
 *
 * One way to be a store: a plain `Store<T>` (the permission mode), or a class
 * that extends it and adds the methods that change it (McpManager,
 * PermissionQueue, TranscriptStore). Whoever only reads one is handed a
 * `ReadableStore<T>`.
 */
export type Listener<T> = (next: T, prev: T) => void;

export interface ReadableStore<T> {
  readonly subscribe: (listener: Listener<T>) => () => void;
  readonly getSnapshot: () => T;
}

export class Store<T> implements ReadableStore<T> {
  #state: T;
  readonly #listeners = new Set<Listener<T>>();

  constructor(initial: T) {
    this.#state = initial;
  }

  // Arrow-function fields: stable identities, safe to pass to useSyncExternalStore.
  readonly subscribe = (listener: Listener<T>): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): T => this.#state;

  /** Replaces the snapshot; an update that returns the same value notifies nobody. */
  update(recipe: (prev: T) => T): void {
    const prev = this.#state;
    const next = recipe(prev);
    if (Object.is(next, prev)) return;
    this.#state = next;
    for (const listener of [...this.#listeners]) listener(next, prev);
  }
}
