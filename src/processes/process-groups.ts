/**
 * The process groups of the stdio servers still alive. Each server runs in its
 * own group (spawned detached), so killing the group also reaches what a shell
 * wrapper or npx started; on Linux, descendants that left the group (setsid
 * daemons) are found through their parent chain and ended with it, and so are
 * orphans whose chain is gone (their server exited first): every server gets
 * a marker in its environment (SERVER_MARKER, markers.ts), which its
 * descendants inherit.
 * The registry lives in an object the manager owns, because an exit handler
 * must be able to kill everything synchronously.
 */

import { SERVER_MARKER } from "./markers.ts";
import { liveGroups, livePids, signalEach, signalGroup, strayDescendants } from "./process-table.ts";
import { startReaper, type ReleasedGroup } from "./release-reaper.ts";

/** Why the wait in killAllSync is short: it runs inside process 'exit'. */
const EXIT_GRACE_MS = 150;

/** Sleeps without the event loop (exit handlers cannot await). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The live server process groups, by group id (the leader's pid). */
export class ProcessGroups {
  readonly #live = new Set<number>();
  /** The markers of every server started, alive or not: an exited server's orphans still carry its marker. */
  readonly #markers = new Set<string>();
  /** Released groups not yet handed to a reaper. */
  readonly #released: ReleasedGroup[] = [];

  /** Records a group right after its leader spawned, with the marker in its environment. */
  add(pgid: number, marker?: string): void {
    this.#live.add(pgid);
    if (marker !== undefined) this.#markers.add(marker);
  }

  /** Forgets a group once it is gone. */
  delete(pgid: number): void {
    this.#live.delete(pgid);
  }

  /**
   * Lets a server go (left to finish starting on its own): neither its group nor what
   * carries its marker is killed at exit; reapReleased() bounds it by `deadline`.
   */
  release(pgid: number, marker: string, deadline: number): void {
    this.#live.delete(pgid);
    this.#markers.delete(marker);
    this.#released.push({ pgid, marker, deadline });
  }

  /** Hands every group released since the last call to one reaper process (release-reaper.ts). */
  reapReleased(): void {
    startReaper(this.#released.splice(0));
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
    // Found before any signal: once a parent dies its detached children lose their chain to us.
    const strays = strayDescendants(this.list(), [...this.#markers], SERVER_MARKER);
    const groups = this.list().filter((pgid) => signalGroup(pgid, "SIGTERM"));
    signalEach(strays, "SIGTERM");
    const deadline = Date.now() + graceMs;
    let left = groups;
    let straysLeft = strays;
    while ((left.length > 0 || straysLeft.length > 0) && Date.now() < deadline) {
      sleepSync(10);
      left = [...liveGroups(left)];
      straysLeft = livePids(straysLeft);
    }
    for (const pgid of left) signalGroup(pgid, "SIGKILL");
    signalEach(straysLeft, "SIGKILL");
    this.#live.clear();
  }
}
