/**
 * Writes a file so readers see the old content or the new one, never half:
 * a temporary file in the same folder, flushed, then renamed over the target.
 */
import { randomBytes } from "../on-demand-crypto.ts";
import { processEnded } from "../process-ended.ts";
import { chmod, mkdir, open, realpath, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Modes of what mini-cc keeps for the user alone (its home: approvals, user config, logs). */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** How writeFileAtomic treats a symlink at the path, and whether the file is the user's alone. */
export interface AtomicWriteOptions {
  /** True: the file is written 0600 (even when it was readable by others) and folders made for it 0700. */
  private?: boolean;
  /**
   * True (the default): written through, its target changes and the link stays.
   * False, for a path already resolved and checked: a link found there now
   * was put in since, and is replaced rather than followed.
   */
  followLinks?: boolean;
}

/**
 * Atomically replaces `path` with `text` (UTF-8), creating parent folders as
 * needed. An existing file keeps its permission bits, unless `private`.
 */
export async function writeFileAtomic(path: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const target = options.followLinks === false ? path : await realpath(path).catch(() => path);
  const dir = dirname(target);
  await mkdir(dir, { recursive: true, ...(options.private ? { mode: PRIVATE_DIR_MODE } : {}) });
  // Same folder as the target: rename is only atomic within one file system.
  const temp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    const handle = await open(temp, "wx", options.private ? PRIVATE_FILE_MODE : 0o666);
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    const mode = options.private
      ? PRIVATE_FILE_MODE
      : await stat(target).then(
          (s) => s.mode & 0o7777,
          () => undefined,
        );
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/**
 * Whether `name` is a temporary file of writeFileAtomic's (`.target.PID.hex.tmp`) whose writing process has
 * ended: its write never finished (a kill -9 or a hang-up in the middle), and nothing will rename it now.
 */
export function isAbandonedTemporary(name: string): boolean {
  const pid = Number(/^\..+\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name)?.[1]);
  // A writer still running may yet finish its write.
  return Number.isSafeInteger(pid) && pid !== process.pid && processEnded(pid);
}
