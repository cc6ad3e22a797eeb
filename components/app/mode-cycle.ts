/**
 * Shift+Tab through the permission modes (components/keys/permission-mode-cycle.ts
 * decides each step), with the question asked before bypassPermissions.
 */
import type { PermissionMode } from "../../src/agent/events.ts";
import { type ReadableStore, Store } from "../../src/store.ts";
import { shiftTabStep } from "../keys/permission-mode-cycle.ts";

export class ModeCycle {
  readonly #mode: Store<PermissionMode>;
  // A store, not render state: two Shift+Tabs can arrive before React renders again.
  readonly #confirming = new Store(false);

  constructor(mode: Store<PermissionMode>) {
    this.#mode = mode;
  }

  /** The bypassPermissions question is showing. */
  get confirmingBypass(): ReadableStore<boolean> {
    return this.#confirming;
  }

  /** Shift+Tab: the next mode, the question, or (while it shows) past it; from the store's current mode, for the same reason. */
  readonly cycle = (): void => {
    const step = shiftTabStep(this.#mode.getSnapshot(), this.#confirming.getSnapshot());
    this.#confirming.update(() => step.kind === "confirm-bypass");
    if (step.kind === "set") this.#mode.update(() => step.mode);
  };

  /** `y` at the question. */
  readonly confirm = (): void => {
    this.#confirming.update(() => false);
    this.#mode.update(() => "bypassPermissions");
  };

  /** Any other key at the question: the mode stays. */
  readonly cancel = (): void => this.#confirming.update(() => false);
}
