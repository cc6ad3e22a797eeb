/**
 * Ink's useInput and usePaste, with `isActive` decided when a key arrives
 * rather than by subscribing and unsubscribing. Ink (re)subscribes in a
 * passive effect, which runs after the frame is on screen: a key pressed
 * just as a modal showed itself armed went to the handler that was active
 * before (the prompt). Here every handler stays subscribed and reads whether
 * it is active from a ref set in a layout effect, which runs in the same
 * task that writes the frame, so the screen and the keyboard always agree.
 * Under a KeyRouterProvider (the app) the router hands the keys out, a chunk
 * cut at its Tabs; without one (a component on its own) Ink does.
 */
import { useInput, usePaste, type Key } from "ink";
import { useContext, useLayoutEffect, useRef } from "react";
import { KeyRouterContext, type KeyHandler } from "./key-router.tsx";

function useActiveRef(isActive: boolean): { readonly current: boolean } {
  const active = useRef(isActive);
  useLayoutEffect(() => {
    active.current = isActive;
  });
  return active;
}

/** Keys for `handler` while `isActive` is true on screen. */
export function useKeys(handler: (input: string, key: Key) => void, options: { isActive: boolean }): void {
  const active = useActiveRef(options.isActive);
  const router = useContext(KeyRouterContext);
  const latest = useRef<KeyHandler>(handler);
  useLayoutEffect(() => {
    latest.current = handler;
    router?.committed();
  });
  useLayoutEffect(() => router?.add({ active, handler: latest }), [router, active]);
  useInput(
    (input, key) => {
      if (active.current) handler(input, key);
    },
    { isActive: router === undefined },
  );
}

/** Pasted text for `handler` while `isActive` is true on screen. */
export function usePastedText(handler: (text: string) => void, options: { isActive: boolean }): void {
  const active = useActiveRef(options.isActive);
  usePaste((text) => {
    if (active.current) handler(text);
  });
}
