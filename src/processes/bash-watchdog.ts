/**
 * Bash commands do not outlive mini-cc. Each runs in a process group of its
 * own (so an abort ends everything it started), which also means nothing ends
 * it when mini-cc dies: a `kill -9` of mini-cc left a 30-second command
 * running to its end. One small detached shell per session watches: mini-cc
 * tells it over a pipe which groups are running a call (`+pgid`, `-pgid` once
 * the call is over), and when the pipe closes (the kernel closes it however
 * mini-cc ended, `kill -9` included) it ends the groups listed: SIGTERM, then
 * SIGKILL a second later to those that were still there. A group left behind
 * on purpose (a `server &` started by a finished call) was taken off the list
 * already. A POSIX shell rather than Node: it is running a millisecond after
 * the first call starts, where a Node process took ~100 ms to read its pipe.
 */
import { spawn, type ChildProcess } from "node:child_process";

/** The grace between SIGTERM and SIGKILL; exported for the test that waits it out. */
export const WATCHDOG_GRACE_MS = 1000;

// Builtins only, but for sleep: a group id is digits, never 0 or 1 (kill -- -1 would signal every process).
const WATCHDOG = `
groups=
while IFS= read -r line; do
  pgid=\${line#?}
  case $pgid in ''|*[!0-9]*|0|1) continue ;; esac
  case $line in
    +*) groups="$groups $pgid" ;;
    -*) kept=; for g in $groups; do [ "$g" = "$pgid" ] || kept="$kept $g"; done; groups=$kept ;;
  esac
done
alive=
for g in $groups; do kill -s TERM -- "-$g" 2>/dev/null && alive="$alive $g"; done
[ -z "$alive" ] && exit 0
sleep ${WATCHDOG_GRACE_MS / 1000}
for g in $alive; do kill -s KILL -- "-$g" 2>/dev/null; done
exit 0
`;

let watchdog: ChildProcess | undefined | null;

/** The session's watchdog, started on first use; null where there is none (not POSIX, or it could not start). */
function started(): ChildProcess | null {
  if (watchdog !== undefined) return watchdog;
  watchdog = null;
  if (process.platform === "win32") return watchdog;
  try {
    // Detached: a session of its own, so the terminal's Ctrl-C or hangup that reaches mini-cc does not end it first.
    const child = spawn("/bin/sh", ["-c", WATCHDOG], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
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
