/**
 * A short advisory lock beside a file (`<path>.lock`, created with O_EXCL), so
 * read-modify-write cycles from several processes run one at a time. The lock
 * names its holder (`pid@host`): one whose holder has ended on this host (a
 * kill -9 in the middle of a write) is removed at once; any other lock older
 * than `staleMs` is taken to be left by a crashed process and removed.
 */
import { mkdir, open, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { MiniCcError } from "../errors.ts";
import { processEnded } from "../process-ended.ts";
import { readRegularFileStart } from "./regular-file.ts";

/** Tuning for withFileLock; the defaults suit config and approvals files. */
export interface LockOptions {
  /** A lock file older than this is considered abandoned (ms). */
  readonly staleMs?: number;
  /** Give up waiting after this long (ms). */
  readonly timeoutMs?: number;
}

/** Runs `fn` while holding `<path>.lock`; the lock is released even when `fn` throws. */
export async function withFileLock<T>(path: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lockFile = `${path}.lock`;
  const staleMs = options.staleMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  await mkdir(dirname(path), { recursive: true });
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    if (await tryCreate(lockFile)) break;
    if (await isStale(lockFile, staleMs)) {
      await unlink(lockFile).catch(() => undefined);
      continue;
    }
    const waited = Date.now() - started;
    if (waited >= timeoutMs) {
      const message = `Timed out after ${waited} ms waiting for lock ${lockFile}; remove it if no mini-cc is running.`;
      throw new MiniCcError("lock-timeout", message, { file: lockFile });
    }
    // Jittered back-off: holders keep the lock for a few milliseconds only.
    await sleep(Math.min(2 + attempt, 25) * (0.5 + Math.random()));
  }
  try {
    return await fn();
  } finally {
    await unlink(lockFile).catch(() => undefined);
  }
}

async function tryCreate(lockFile: string): Promise<boolean> {
  try {
    const handle = await open(lockFile, "wx");
    await handle.writeFile(`${process.pid}@${hostname()}\n`);
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function isStale(lockFile: string, staleMs: number): Promise<boolean> {
  try {
    if (holderEnded(lockHolder(lockFile))) return true;
    const info = await stat(lockFile);
    return Date.now() - info.mtimeMs > staleMs;
  } catch {
    return false; // Gone already: the next attempt will take it.
  }
}

/** `pid@host` and a line end: a longer lock file names no holder of ours. */
const MAX_HOLDER_BYTES = 300;

/**
 * What the lock says of its holder, read only from a small regular file: a lock can sit in a repository
 * (`.mcp.json.lock`), and a link there to /dev/zero, a FIFO or a huge file must not be read. Those name no holder.
 */
function lockHolder(lockFile: string): string | undefined {
  try {
    const start = readRegularFileStart(lockFile, MAX_HOLDER_BYTES, { noFollow: true });
    return start.cut ? undefined : start.text;
  } catch {
    return undefined;
  }
}

/**
 * The lock's holder (`pid@host`) was a process of this host that has ended. Another host's pid (a home
 * shared between machines) says nothing here, and an older lock holds only a pid: both wait for staleMs.
 */
function holderEnded(content: string | undefined): boolean {
  if (content === undefined) return false;
  const [pid, host] = content.trim().split("@");
  return host === hostname() && /^\d+$/.test(pid ?? "") && processEnded(Number(pid));
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
