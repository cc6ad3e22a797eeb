/**
 * Turns Ink frames into the text a person would read on the screen, and
 * waits for the UI to catch up with input: each change runs inside React's
 * act(), which returns once everything it caused has rendered (state
 * updates, effects, the renders those cause). No test sleeps to wait for
 * React.
 */
import { stripVTControlCharacters } from "node:util";
import { render } from "ink-testing-library";
import { act, type ReactElement } from "react";

/** The frame without colours, trailing spaces or trailing blank lines. */
export function screen(frame: string | undefined): string {
  return stripVTControlCharacters(frame ?? "")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n+$/, "");
}

type ActGlobal = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Runs `change` (a store update, a fake clock's advance, keys) inside act()
 * and resolves once what it caused has rendered. Inside the act it also gives
 * React's scheduler one turn, so effects of a frame drawn before (by an
 * update the test waited for with eventually()) run too, and act renders all
 * they cause. The act environment is on only meanwhile: updates the test does
 * not cause (a server connecting) are not act's business.
 */
export async function untilRendered(change: () => unknown = () => {}): Promise<void> {
  const flags = globalThis as ActGlobal;
  const before = flags.IS_REACT_ACT_ENVIRONMENT;
  flags.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await act(async () => {
      await change();
      await new Promise((resolve) => setImmediate(resolve));
    });
  } finally {
    flags.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

/** ink-testing-library's render, returned once the first frame's effects (input hooks among them) have run. */
export async function renderUntilRendered(node: ReactElement): Promise<ReturnType<typeof render>> {
  let app: ReturnType<typeof render> | undefined;
  await untilRendered(() => {
    app = render(node);
  });
  return app!;
}

const ESC = "\u001b";
/** Ink holds a lone Esc for 20 ms in case more of a sequence follows: real time, Ink's own timer. */
const ESC_WAIT_MS = 30;

/** Lets Ink's wait for the rest of an escape sequence pass, so a lone Esc counts as Esc. */
export function passEscapeWait(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ESC_WAIT_MS));
}

/** Writes each key to the app's stdin and resolves once what it caused has rendered. */
export async function typeKeys(stdin: { write(data: string): void }, ...keys: string[]): Promise<void> {
  for (const key of keys) {
    await untilRendered(async () => {
      stdin.write(key);
      if (key === ESC) await passEscapeWait();
    });
  }
}

/** Polls until `check` passes or `timeoutMs` runs out; then the last failure is thrown. */
export async function eventually(check: () => void, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
