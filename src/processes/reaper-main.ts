/**
 * The reaper process (release-reaper.ts starts it, with one `PGID:DEADLINE:MARKER`
 * argument per released server): once a second it forgets the groups that are
 * gone and kills the marked members of those past their deadline, with the
 * same /proc reading mini-cc's own exit uses (process-table.ts); it exits
 * when nothing is left to watch.
 */
import { SERVER_MARKER } from "./markers.ts";
import { liveGroups, markedGroupMembers, signalEach } from "./process-table.ts";
import { parseReaperArguments } from "./release-reaper.ts";

const TICK_MS = 1000;

const watched = new Map(parseReaperArguments(process.argv.slice(2)).map((group) => [group.pgid, group]));

function tick(): void {
  const alive = liveGroups([...watched.keys()]);
  for (const pgid of watched.keys()) if (!alive.has(pgid)) watched.delete(pgid);
  const now = Date.now();
  const due = new Map(
    [...watched.values()].filter((group) => group.deadline <= now).map((group) => [group.pgid, group.marker]),
  );
  if (due.size > 0) signalEach(markedGroupMembers(due, SERVER_MARKER), "SIGKILL");
  for (const pgid of due.keys()) watched.delete(pgid);
  if (watched.size > 0) setTimeout(tick, TICK_MS);
}

tick();
