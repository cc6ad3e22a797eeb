/**
 * When a process started, as /proc tells it: with the pid it tells one process
 * from a later one that got the same pid (process groups, sandbox mount records).
 */
import { readFileSync } from "node:fs";

/** Field 22 of /proc/<pid>/stat, counted from the state field after "(comm) ". */
export const STARTTIME = 19;

/** When process `pid` started (clock ticks since boot); undefined when it does not run or /proc cannot tell. */
export function processStartTicks(pid: number | "self"): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[STARTTIME]) || undefined;
  } catch {
    return undefined;
  }
}
