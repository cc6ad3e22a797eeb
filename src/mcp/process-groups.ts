/**
 * The process groups of the stdio servers still alive. Each server runs in its
 * own group (spawned detached), so killing the group also reaches what a shell
 * wrapper or npx started. The registry lives in an object the manager owns,
 * because an exit handler must be able to kill everything synchronously.
 */

import { readdirSync, readFileSync } from "node:fs";

/** Why the wait in killAllSync is short: it runs inside process 'exit'. */
const EXIT_GRACE_MS = 150;

/** Sends `signal` to the whole group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    // ESRCH: no such group. EPERM: not ours to signal. Either way, nothing to kill.
    return false;
  }
}

/**
 * The groups among `pgids` that still have a running member. A zombie does not
 * count: where init never reaps orphans (some containers), a killed
 * grandchild stays a zombie in its group forever and would look alive.
 */
export function liveGroups(pgids: readonly number[]): Set<number> {
  const candidates = pgids.filter((pgid) => signalGroup(pgid, 0));
  if (candidates.length === 0 || process.platform !== "linux") return new Set(candidates);
  const wanted = new Set(candidates);
  const live = new Set<number>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return wanted;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After "(comm) ": state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (wanted.has(Number(pgrp)) && state !== "Z" && state !== "X") live.add(Number(pgrp));
    } catch {
      // The process ended while we looked.
    }
  }
  return live;
}

/** Sleeps without the event loop (exit handlers cannot await). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The live server process groups, by group id (the leader's pid). */
export class ProcessGroups {
  readonly #live = new Set<number>();

  /** Records a group right after its leader spawned. */
  add(pgid: number): void {
    this.#live.add(pgid);
  }

  /** Forgets a group once it is gone. */
  delete(pgid: number): void {
    this.#live.delete(pgid);
  }

  /** The group ids still recorded. */
  list(): number[] {
    return [...this.#live];
  }

  /**
   * Kills every group without the event loop: SIGTERM, a short wait, then
   * SIGKILL for whatever is left. For process 'exit', SIGINT and SIGTERM.
   */
  killAllSync(graceMs = EXIT_GRACE_MS): void {
    const groups = this.list().filter((pgid) => signalGroup(pgid, "SIGTERM"));
    const deadline = Date.now() + graceMs;
    let left = groups;
    while (left.length > 0 && Date.now() < deadline) {
      sleepSync(10);
      left = [...liveGroups(left)];
    }
    for (const pgid of left) signalGroup(pgid, "SIGKILL");
    this.#live.clear();
  }
}
