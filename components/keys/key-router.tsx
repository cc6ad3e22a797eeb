/**
 * One reader of Ink's input for the whole UI, handing each key to the
 * handlers active when it arrives (useKeys). Keys typed faster than the
 * terminal is read arrive as one chunk; a Tab inside one (`draft⇥⏎` from a
 * fast typist or tmux) moves the keyboard, so the chunk is cut at each Tab
 * (key-chunks.ts) and every piece goes to whoever has the keyboard once the
 * piece before it has been handled and drawn: Tab then Enter opens the panel,
 * then the server. What follows a Tab or Shift+Tab (which may open the
 * bypassPermissions question) waits until React has committed what it did
 * (useKeys says so from its layout effects; React may take several turns of
 * the event loop), or HOLD_MS when it changed nothing, and later keys wait
 * behind it, so keys keep their order. The set of handlers is taken before
 * each piece, so a key that moves the keyboard is never also handled where it
 * moved it to.
 */
import { useInput, type Key } from "ink";
import { createContext, useMemo, type ReactNode } from "react";
import { splitTypedChunk, type KeyPiece } from "./key-chunks.ts";
import type { Clock } from "../../src/clock.ts";
import { useClock } from "../runtime/useClock.ts";

export type KeyHandler = (input: string, key: Key) => void;

/** One useKeys handler: whether it is active on screen now, and its latest function. */
export interface KeyRoute {
  readonly active: { readonly current: boolean };
  readonly handler: { readonly current: KeyHandler };
}

/** How long keys after a Tab wait at most, when no frame follows it (a Tab that changed nothing). */
const HOLD_MS = 50;

export class KeyRouter {
  readonly #routes = new Set<KeyRoute>();
  /** Pieces waiting for the focus change a Tab made to be on screen. */
  readonly #waiting: KeyPiece[] = [];
  /** Cancels the release of the held keys, which happens if no commit does first. */
  #cancelFallback: (() => void) | undefined;
  #releasing = false;
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Adds a handler; returns its removal. */
  add(route: KeyRoute): () => void {
    this.#routes.add(route);
    return () => void this.#routes.delete(route);
  }

  /** One chunk as Ink parsed it, piece by piece. */
  deliver(input: string, key: Key): void {
    this.#waiting.push(...splitTypedChunk(input, key));
    if (!this.#held) this.#drain();
  }

  /**
   * A frame was committed (a useKeys layout effect ran): keys held after a Tab
   * go once the whole commit is done, every handler's `active` set for it.
   */
  committed(): void {
    if (!this.#held || this.#releasing) return;
    this.#releasing = true;
    queueMicrotask(() => this.#drain());
  }

  /** True while pieces wait for a Tab's frame. Ink hands the keys of one read over one by one: the hold outlasts the call. */
  #held = false;

  #drain(): void {
    this.#held = false;
    this.#releasing = false;
    this.#cancelFallback?.();
    for (let piece = this.#waiting.shift(); piece; piece = this.#waiting.shift()) {
      const targets = [...this.#routes].filter((route) => route.active.current);
      for (const route of targets) route.handler.current(piece.input, piece.key);
      if (piece.key.tab) {
        this.#held = true;
        this.#cancelFallback = this.#clock.setTimeout(() => this.#drain(), HOLD_MS);
        return;
      }
    }
  }
}

export const KeyRouterContext = createContext<KeyRouter | undefined>(undefined);

/** Routes every key of the UI under it (App puts it at the top). */
export function KeyRouterProvider({ children }: { readonly children: ReactNode }) {
  const clock = useClock();
  const router = useMemo(() => new KeyRouter(clock), [clock]);
  useInput((input, key) => router.deliver(input, key));
  return <KeyRouterContext value={router}>{children}</KeyRouterContext>;
}
