/**
 * The process groups of the stdio servers still alive. Each server runs in its
 * own group (spawned detached), so killing the group also reaches what a shell
 * wrapper or npx started; on Linux, descendants that left the group (setsid
 * daemons) are found through their parent chain and ended with it, and so are
 * orphans whose chain is gone (their server exited first): every server gets
 * a marker in its environment (SERVER_MARKER), which its descendants inherit.
 * The registry lives in an object the manager owns, because an exit handler
 * must be able to kill everything synchronously.
 */

import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { processStartTicks, STARTTIME } from "../../fs/proc-start.ts";
import { startReaper, type ReleasedGroup } from "./release-reaper.ts";

/** The environment variable that marks a server and everything it starts. */
export const SERVER_MARKER = "MINI_CC_MCP_SERVER";

/** A value for SERVER_MARKER unique to one server start. */
export function newServerMarker(): string {
  return `${process.pid}-${randomUUID()}`;
}

/** Whether process `pid` carries one of `markers` in its environment variable `variable` (false when it cannot be read). */
function carriesMarker(pid: number, markers: ReadonlySet<string>, variable = SERVER_MARKER): boolean {
  let environ: string;
  try {
    environ = readFileSync(`/proc/${pid}/environ`, "latin1");
  } catch {
    return false;
  }
  for (const entry of environ.split("\0")) {
    if (entry.startsWith(`${variable}=`) && markers.has(entry.slice(variable.length + 1))) return true;
  }
  return false;
}

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

/** One row of /proc: what the group and parent-chain searches need. */
interface ProcessEntry {
  pid: number;
  ppid: number;
  pgrp: number;
  /** A zombie (or dead) process: nothing left to kill. */
  dead: boolean;
  /** When it started, in clock ticks since boot. */
  started: number;
}

/** When this process started; 0 where /proc cannot tell. */
let ownStart: number | undefined;
function ownStartTime(): number {
  ownStart ??= processStartTicks("self") ?? 0;
  return ownStart;
}

/** Every process in /proc (Linux only; [] where /proc cannot be read). */
function processTable(): ProcessEntry[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const table: ProcessEntry[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After "(comm) ": state, ppid, pgrp, … (comm may itself hold ") ").
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const [state, ppid, pgrp] = fields;
      table.push({
        pid: Number(entry),
        ppid: Number(ppid),
        pgrp: Number(pgrp),
        dead: state === "Z" || state === "X",
        started: Number(fields[STARTTIME]),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return table;
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
  const table = processTable();
  if (table.length === 0) return wanted;
  return new Set(table.filter((p) => !p.dead && wanted.has(p.pgrp)).map((p) => p.pgrp));
}

/**
 * The live descendants of the groups `pgids` that left them (a `setsid` daemon,
 * a child spawned detached), found through their parent chain, and any other
 * process carrying one of `markers` (an orphan whose parents are gone).
 * Killing a group misses them, so they are signalled one by one. Linux only
 * ([] elsewhere). `variable` names the marker's environment variable
 * (background shells use their own: src/background/shell-task.ts).
 */
export function strayDescendants(
  pgids: readonly number[],
  markers: readonly string[] = [],
  variable = SERVER_MARKER,
): number[] {
  if ((pgids.length === 0 && markers.length === 0) || process.platform !== "linux") return [];
  const table = processTable();
  const children = new Map<number, ProcessEntry[]>();
  for (const p of table) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const groups = new Set(pgids);
  const seen = new Set<number>();
  const queue = table.filter((p) => groups.has(p.pgrp));
  const strays: number[] = [];
  while (queue.length > 0) {
    const p = queue.pop()!;
    if (seen.has(p.pid)) continue;
    seen.add(p.pid);
    if (!groups.has(p.pgrp) && !p.dead) strays.push(p.pid);
    queue.push(...(children.get(p.pid) ?? []));
  }
  if (markers.length > 0) {
    const wanted = new Set(markers);
    // Only what started after us can descend from our servers: the environment is read of those alone.
    const since = ownStartTime();
    for (const p of table) {
      if (p.started < since || seen.has(p.pid) || p.dead || groups.has(p.pgrp) || p.pid === process.pid) continue;
      if (carriesMarker(p.pid, wanted, variable)) strays.push(p.pid);
    }
  }
  return strays;
}

/** The live members of the groups in `markers` (group id → marker) that carry their group's marker: one /proc scan (Linux only, [] elsewhere). */
export function markedGroupMembers(markers: ReadonlyMap<number, string>): number[] {
  if (markers.size === 0 || process.platform !== "linux") return [];
  return processTable()
    .filter((p) => !p.dead && markers.has(p.pgrp) && carriesMarker(p.pid, new Set([markers.get(p.pgrp)!])))
    .map((p) => p.pid);
}

/** Sends `signal` to each pid; those already gone are skipped. */
export function signalEach(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already, or not ours.
    }
  }
}

/** The pids among `pids` still running (zombies excluded on Linux). */
export function livePids(pids: readonly number[]): number[] {
  const running = pids.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  if (running.length === 0 || process.platform !== "linux") return running;
  return running.filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
      return state !== "Z" && state !== "X";
    } catch {
      return false;
    }
  });
}

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
    const strays = strayDescendants(this.list(), [...this.#markers]);
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
