/**
 * The bound on servers left to finish starting after mini-cc exits
 * (StdioProcessTransport.release): most servers exit at stdin's EOF, but one
 * that never reads it would live forever. One small detached process
 * (reaper-main.ts, dist/reaper.js once built) watches every group released
 * together; it drops a group once it is gone, and at that server's deadline
 * (its startup grace counted from its start) kills what is left of it: only
 * processes in that group that carry the server's marker, so a reused
 * process-group id is never hit. It leaves when no group is left.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { distAsset } from "../dist-assets.ts";

/** A released server's group, its marker (markers.ts) and when it is killed if still there (ms since the epoch). */
export interface ReleasedGroup {
  readonly pgid: number;
  readonly marker: string;
  readonly deadline: number;
}

/** One argument a group: `PGID:DEADLINE:MARKER` (a marker holds no colon). */
export function reaperArgument(group: ReleasedGroup): string {
  return `${group.pgid}:${Math.round(group.deadline)}:${group.marker}`;
}

/** The groups `reaperArgument` wrote; malformed arguments are skipped. */
export function parseReaperArguments(argv: readonly string[]): ReleasedGroup[] {
  return argv.flatMap((arg) => {
    const match = /^(\d+):(\d+):(\S+)$/.exec(arg);
    return match ? [{ pgid: Number(match[1]), deadline: Number(match[2]), marker: match[3]! }] : [];
  });
}

/** Starts one reaper for `groups` (Linux: it reads /proc); it holds nothing of mini-cc's. */
export function startReaper(groups: readonly ReleasedGroup[]): void {
  if (process.platform !== "linux" || groups.length === 0) return;
  const script = distAsset("reaper.js", import.meta.url) ?? new URL("./reaper-main.ts", import.meta.url);
  try {
    const child = spawn(process.execPath, [fileURLToPath(script), ...groups.map(reaperArgument)], {
      detached: true,
      stdio: "ignore",
    });
    child.on("error", () => {});
    child.unref();
  } catch {
    // Without a reaper the servers still get EOF on stdin.
  }
}
