/**
 * Where background shells are spawned: a small helper process, not mini-cc.
 * spawn() blocks until the child has exec'd, and forking a process as big as
 * mini-cc takes tens of milliseconds on a busy machine (75 ms each was
 * measured with twenty at once); a worker thread did not help, since a fork
 * stalls every thread of the process it copies. The helper (one a session,
 * started on first use) spawns, reads the pipes and sends the output, the
 * pid and the ending over its IPC channel; stopping is done from mini-cc by
 * process group, as before. When mini-cc dies (kill -9 included) the channel
 * closes, and the helper ends every group it started before it goes.
 */
import { spawn, type ChildProcess } from "node:child_process";

/** What one spawned command reports, in order: its pid, output chunks, then its ending once. */
export interface SpawnEvents {
  spawned(pid: number): void;
  data(chunk: Buffer): void;
  end(ending: { code: number | null; signal: string | null } | { error: string }): void;
}

export interface SpawnRequest {
  command: string;
  args: readonly string[];
  env: Record<string, string | undefined>;
  cwd: string;
}

/** After the shell exits, how long its pipes may take to drain (a `server &` it left behind may hold them). */
const EXIT_GRACE_MS = 200;

/** After mini-cc died, how long its background groups have between SIGTERM and SIGKILL (all within a second). */
const GROUP_KILL_GRACE_MS = 300;

const HELPER = `
const { spawn } = require("node:child_process");
const send = (message) => process.connected && process.send(message);
const groups = new Set();
const signalAll = (signal) => {
  for (const pid of groups) {
    try { process.kill(-pid, signal); } catch {}
  }
};
// mini-cc is gone: nothing it started in the background may outlive it.
process.on("disconnect", () => {
  if (groups.size === 0) process.exit(0);
  signalAll("SIGTERM");
  setTimeout(() => { signalAll("SIGKILL"); process.exit(0); }, ${GROUP_KILL_GRACE_MS});
});
process.on("message", ({ key, command, args, env, cwd }) => {
  let child;
  try {
    child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    send({ key, type: "end", ending: { error: String(error && error.message || error) } });
    return;
  }
  let done = false;
  let exited;
  let grace;
  const end = (ending) => {
    if (done) return;
    done = true;
    groups.delete(child.pid);
    clearTimeout(grace);
    child.stdout.destroy();
    child.stderr.destroy();
    child.unref();
    send({ key, type: "end", ending });
  };
  if (child.pid !== undefined) {
    groups.add(child.pid);
    send({ key, type: "spawned", pid: child.pid });
  }
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => send({ key, type: "data", chunk }));
  }
  child.on("error", (error) => end({ error: error.message }));
  child.on("exit", (code, signal) => {
    exited = { code, signal };
    grace = setTimeout(() => end(exited), ${EXIT_GRACE_MS});
  });
  child.on("close", (code, signal) => end(exited || { code, signal }));
});
`;

type HelperMessage =
  | { key: number; type: "spawned"; pid: number }
  | { key: number; type: "data"; chunk: Uint8Array }
  | { key: number; type: "end"; ending: Parameters<SpawnEvents["end"]>[0] };

let helper: ChildProcess | undefined;
let nextKey = 0;
const listeners = new Map<number, SpawnEvents>();

/** The session's spawning helper, started on first use; idle, it does not keep mini-cc alive. */
function spawner(): ChildProcess {
  if (helper?.connected) return helper;
  // Structured clone ("advanced"): output chunks travel as bytes, not as JSON arrays of numbers.
  const started = spawn(process.execPath, ["-e", HELPER], {
    stdio: ["ignore", "ignore", "ignore", "ipc"],
    serialization: "advanced",
  });
  started.unref();
  started.channel?.unref();
  started.on("message", (message: HelperMessage) => {
    const events = listeners.get(message.key);
    if (!events) return;
    if (message.type === "spawned") events.spawned(message.pid);
    else if (message.type === "data")
      events.data(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
    else {
      listeners.delete(message.key);
      release();
      events.end(message.ending);
    }
  });
  const lost = (why: string) => {
    // What it was running can no longer be followed (the watchdog still ends those groups with mini-cc); the next spawn starts a new helper.
    if (helper === started) helper = undefined;
    for (const [key, events] of listeners) {
      listeners.delete(key);
      events.end({ error: why });
    }
    release();
  };
  started.on("error", (error) => lost(`the spawning helper failed: ${error.message}`));
  started.on("exit", () => lost("the spawning helper exited"));
  helper = started;
  return started;
}

/** Once nothing it spawned runs, the helper no longer keeps mini-cc alive. */
function release(): void {
  if (listeners.size === 0) helper?.channel?.unref();
}

/** Spawns `request` through the helper (detached: a process group of its own); `events` hear how it goes. */
export function spawnThroughHelper(request: SpawnRequest, events: SpawnEvents): void {
  const key = nextKey++;
  listeners.set(key, events);
  const to = spawner();
  // While a command it spawned runs, its messages must be able to arrive: a stop awaiting them keeps mini-cc up.
  to.channel?.ref();
  to.send({ key, ...request, args: [...request.args] });
}
