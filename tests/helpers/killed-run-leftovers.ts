/**
 * What a test that kills mini-cc may leave behind, ended after each test of
 * the file: its screens, the process groups it started through mini-cc (never
 * left running, even when an assertion failed first) and what `keep` was
 * given to close (the stand-in Messages API).
 */
import { afterEach } from "vitest";
import type { PtyScreen } from "./pty-screen.ts";

export interface KilledRunLeftovers {
  readonly screens: PtyScreen[];
  readonly groups: number[];
  /** Closes `closable` after the test; returns it. */
  keep<T extends { close(): Promise<unknown> }>(closable: T): T;
}

export function killedRunLeftoversForTestFile(): KilledRunLeftovers {
  const screens: PtyScreen[] = [];
  const groups: number[] = [];
  const closables: Array<{ close(): Promise<unknown> }> = [];
  afterEach(async () => {
    for (const screen of screens.splice(0)) screen.kill();
    for (const pgid of groups.splice(0)) {
      try {
        process.kill(-pgid, "SIGKILL");
      } catch {
        // Gone: what the test wants.
      }
    }
    await Promise.all(closables.splice(0).map((closable) => closable.close()));
  });
  return {
    screens,
    groups,
    keep(closable) {
      closables.push(closable);
      return closable;
    },
  };
}
