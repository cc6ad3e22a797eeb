/**
 * Bash commands do not outlive mini-cc. Each runs in a process group of its
 * own (so an abort ends everything it started), which also means nothing ends
 * it when mini-cc dies: a `kill -9` of mini-cc left a 30-second command
 * running to its end. One small detached Node process per session watches:
 * mini-cc tells it over a pipe which groups are running a call (`+pgid`,
 * `-pgid` once the call is over), and when the pipe closes (the kernel closes
 * it however mini-cc ended, `kill -9` included) it ends the groups listed:
 * SIGTERM, then SIGKILL a second later. A group left behind on purpose (a
 * `server &` started by a finished call) was taken off the list already.
 */
import { spawn, type ChildProcess } from "node:child_process";

/** The grace between SIGTERM and SIGKILL; exported for the test that waits it out. */
export const WATCHDOG_GRACE_MS = 1000;

const WATCHDOG = `
const groups = new Set();
let pending = "";
const signal = (name) => {
  for (const pgid of groups) {
    try { process.kill(-pgid, name); } catch { groups.delete(pgid); }
  }
};
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  const lines = (pending + chunk).split("\\n");
  pending = lines.pop();
  for (const line of lines) {
    const pgid = Number(line.slice(1));
    if (!Number.isInteger(pgid) || pgid <= 1) continue;
    if (line[0] === "+") groups.add(pgid);
    else groups.delete(pgid);
  }
});
process.stdin.on("end", () => {
  signal("SIGTERM");
  if (groups.size === 0) process.exit(0);
  setTimeout(() => { signal("SIGKILL"); process.exit(0); }, ${WATCHDOG_GRACE_MS});
});
`;

let watchdog: ChildProcess | undefined | null;

/** The session's watchdog, started on first use; null where there is none (not POSIX, or it could not start). */
function started(): ChildProcess | null {
  if (watchdog !== undefined) return watchdog;
  watchdog = null;
  if (process.platform === "win32") return watchdog;
  try {
    // Detached: a session of its own, so the terminal's Ctrl-C or hangup that reaches mini-cc does not end it first.
    const child = spawn(process.execPath, ["-e", WATCHDOG], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", () => {
      watchdog = null;
    });
    child.stdin!.on("error", () => {
      watchdog = null;
    });
    // Neither the process nor its pipe keeps mini-cc's event loop alive.
    child.unref();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    watchdog = child;
  } catch {
    // Without a watchdog the command still ends on abort and timeout.
  }
  return watchdog;
}

/** A call's group started: ended if mini-cc dies before `release` says the call is over. */
export function watchGroup(pgid: number): void {
  started()?.stdin?.write(`+${pgid}\n`);
}

/** The call is over: its group is no longer the watchdog's business. */
export function releaseGroup(pgid: number): void {
  if (watchdog) watchdog.stdin?.write(`-${pgid}\n`);
}
