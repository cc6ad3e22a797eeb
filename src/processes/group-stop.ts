/**
 * Ends one process group whole, a stdio server's or a background shell's: its
 * descendants that left the group (a `setsid` daemon) are found first, through
 * their parent chain and the marker in their environment (markers.ts), then
 * everything gets SIGTERM, and SIGKILL whatever still runs after the grace.
 */
import { TASK_MARKER } from "./markers.ts";
import { liveGroups, livePids, signalEach, signalGroup, strayDescendants } from "./process-table.ts";

/** How long a background shell's group has to end after SIGTERM before SIGKILL. */
export const STOP_GRACE_MS = 2000;
const POLL_MS = 20;
/** After SIGKILL, how long to wait for the kernel to take the processes away. */
const KILLED_WAIT_MS = 1000;

/** What ending a group took: SIGTERM was enough, or SIGKILL was needed; undefined when nothing was left to end. */
export type GroupStop = "SIGTERM" | "SIGKILL" | undefined;

/** How to end one group. */
export interface GroupEnding {
  /** The environment variable its processes carry `marker` in. */
  readonly variable: string;
  readonly marker: string;
  readonly graceMs: number;
  /**
   * Resolves once the group's leader has exited, or after `ms`: an exit event costs nothing to wait
   * for, so /proc is scanned for the rest of the group only after it (closing 20 servers stays cheap).
   */
  readonly leaderExit?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Ends group `pgid` and its strays; resolves once none of them runs (or SIGKILL's wait is over). */
export async function endGroup(pgid: number, ending: GroupEnding): Promise<GroupStop> {
  // Found before any signal: once a parent dies its detached children lose their chain to the group.
  const strays = strayDescendants([pgid], [ending.marker], ending.variable);
  signalEach(strays, "SIGTERM");
  if (!signalGroup(pgid, "SIGTERM") && strays.length === 0) return undefined;
  const running = () => liveGroups([pgid]).size > 0 || livePids(strays).length > 0;
  const deadline = Date.now() + ending.graceMs;
  await ending.leaderExit?.(ending.graceMs);
  while (running() && Date.now() < deadline) await sleep(POLL_MS);
  if (!running()) return "SIGTERM";
  signalGroup(pgid, "SIGKILL");
  signalEach(livePids(strays), "SIGKILL");
  const killedDeadline = Date.now() + KILLED_WAIT_MS;
  while (running() && Date.now() < killedDeadline) await sleep(POLL_MS / 2);
  return "SIGKILL";
}

/** Ends a background shell's group `pgid` and the strays carrying its `marker`. */
export function endProcessGroup(pgid: number, marker: string, graceMs = STOP_GRACE_MS): Promise<GroupStop> {
  return endGroup(pgid, { variable: TASK_MARKER, marker, graceMs });
}

/** The same, without the event loop (process exit): SIGKILL at once, nothing awaited. */
export function killProcessGroupSync(pgid: number, marker: string): void {
  const strays = strayDescendants([pgid], [marker], TASK_MARKER);
  signalGroup(pgid, "SIGKILL");
  signalEach(strays, "SIGKILL");
}
