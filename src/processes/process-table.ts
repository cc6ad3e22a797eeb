/**
 * What runs, read from /proc, and signals to it: which process groups still
 * have a running member (a zombie does not count), which descendants left
 * their group or lost their parents (found through the parent chain and the
 * marker in their environment: markers.ts). Used by whatever ends a tree of
 * processes: stdio servers, background shells, the reaper. Linux reads /proc;
 * elsewhere only what `kill(pid, 0)` tells is known.
 */
import { readdirSync, readFileSync } from "node:fs";
import { processStartTicks, STARTTIME } from "../fs/proc-start.ts";

/** Whether process `pid` carries one of `markers` in its environment variable `variable` (false when it cannot be read). */
function carriesMarker(pid: number, markers: ReadonlySet<string>, variable: string): boolean {
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
 * ([] elsewhere). `variable` names the markers' environment variable
 * (markers.ts).
 */
export function strayDescendants(pgids: readonly number[], markers: readonly string[], variable: string): number[] {
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

/**
 * The live members of the groups in `markers` (group id → marker) that carry their group's marker in
 * `variable`: one /proc scan (Linux only, [] elsewhere).
 */
export function markedGroupMembers(markers: ReadonlyMap<number, string>, variable: string): number[] {
  if (markers.size === 0 || process.platform !== "linux") return [];
  return processTable()
    .filter((p) => !p.dead && markers.has(p.pgrp) && carriesMarker(p.pid, new Set([markers.get(p.pgrp)!]), variable))
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
