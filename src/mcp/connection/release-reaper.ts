/**
 * The bound on a server left to finish starting after mini-cc exits
 * (StdioProcessTransport.release): most servers exit at stdin's EOF, but one
 * that never reads it would live forever. A small detached Node process waits
 * out the startup grace, leaving as soon as the server's group is gone, then
 * kills what is left of it: only processes in that group that carry the
 * server's marker, so a reused process-group id is never hit.
 */
import { spawn } from "node:child_process";
import { SERVER_MARKER } from "./process-groups.ts";

const REAPER = `
const [pgid, marker, ms] = [Number(process.argv[1]), process.argv[2], Number(process.argv[3])];
const fs = require("node:fs");
const gone = () => { try { process.kill(-pgid, 0); return false; } catch { return true; } };
const ours = () => fs.readdirSync("/proc").filter((d) => /^\\d+$/.test(d)).map(Number).filter((pid) => {
  try {
    const stat = fs.readFileSync("/proc/" + pid + "/stat", "utf8");
    if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) return false;
    return fs.readFileSync("/proc/" + pid + "/environ", "latin1").split("\\0").includes(${JSON.stringify(SERVER_MARKER)} + "=" + marker);
  } catch { return false; }
});
const end = Date.now() + ms;
const tick = setInterval(() => {
  if (gone()) return clearInterval(tick);
  if (Date.now() < end) return;
  clearInterval(tick);
  for (const pid of ours()) try { process.kill(pid, "SIGKILL"); } catch {}
}, 1000);
`;

/** Starts the reaper for a released server's group (Linux: it reads /proc); it holds nothing of mini-cc's. */
export function reapAfter(pgid: number, marker: string, ms: number): void {
  if (process.platform !== "linux") return;
  try {
    const child = spawn(process.execPath, ["-e", REAPER, String(pgid), marker, String(Math.max(0, Math.round(ms)))], { detached: true, stdio: "ignore" });
    child.on("error", () => {});
    child.unref();
  } catch {
    // Without a reaper the server still gets EOF on stdin.
  }
}
