/**
 * Turns Ink frames into the text a person would read on the screen, and
 * waits for the UI to catch up with input.
 */
import { stripVTControlCharacters } from "node:util";

/** The frame without colours, trailing spaces or trailing blank lines. */
export function screen(frame: string | undefined): string {
  return stripVTControlCharacters(frame ?? "")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n+$/, "");
}

/** Lets effects run and input be handled. */
export function settle(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const ESC = "\u001b";
/** Ink holds a lone Esc for 20 ms in case more of a sequence follows. */
const ESC_WAIT_MS = 30;

/** Writes each key to the app's stdin and waits until it has been handled. */
export async function typeKeys(stdin: { write(data: string): void }, ...keys: string[]): Promise<void> {
  for (const key of keys) {
    stdin.write(key);
    await settle(key === ESC ? ESC_WAIT_MS : 0);
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
      await settle(10);
    }
  }
}
