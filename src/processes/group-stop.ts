/**
 * Ends a background shell's whole process group, the way MCP servers' groups
 * are ended (process-groups.ts): its descendants that left the
 * group (a `setsid` daemon) are found first, through their parent chain and
 * the task's marker in their environment, then everything gets SIGTERM, and
 * SIGKILL whatever still runs after the grace.
 */
import { TASK_MARKER } from "./markers.ts";
import { liveGroups, livePids, signalEach, signalGroup, strayDescendants } from "./process-table.ts";

/** How long a group has to end after SIGTERM before SIGKILL. */
export const STOP_GRACE_MS = 2000;
const POLL_MS = 25;

/** What ending a group took: SIGTERM was enough, or SIGKILL was needed; undefined when nothing was left to end. */
export type GroupStop = "SIGTERM" | "SIGKILL" | undefined;

/** Ends group `pgid` and the strays carrying `marker`; resolves once none of them runs. */
export async function endProcessGroup(pgid: number, marker: string, graceMs = STOP_GRACE_MS): Promise<GroupStop> {
  // Found before any signal: once a parent dies its detached children lose their chain to the group.
  let strays = strayDescendants([pgid], [marker], TASK_MARKER);
  const grouped = signalGroup(pgid, "SIGTERM");
  signalEach(strays, "SIGTERM");
  if (!grouped && strays.length === 0) return undefined;
  const deadline = Date.now() + graceMs;
  let alive = grouped;
  while ((alive || strays.length > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    alive = liveGroups([pgid]).size > 0;
    strays = livePids(strays);
  }
  if (!alive && strays.length === 0) return "SIGTERM";
  signalGroup(pgid, "SIGKILL");
  signalEach(strays, "SIGKILL");
  return "SIGKILL";
}

/** The same, without the event loop (process exit): SIGKILL at once, nothing awaited. */
export function killProcessGroupSync(pgid: number, marker: string): void {
  const strays = strayDescendants([pgid], [marker], TASK_MARKER);
  signalGroup(pgid, "SIGKILL");
  signalEach(strays, "SIGKILL");
}
