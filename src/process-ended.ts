/**
 * Whether the process `pid` of this host has ended, as `kill(pid, 0)` tells:
 * no such process. One that is not ours to signal (EPERM) still runs.
 */
export function processEnded(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
