/**
 * The file walk Glob and Grep share: regular files (symlinks followed) under
 * a folder whose path relative to it matches a glob, node_modules and .git
 * skipped, stopped through the call's AbortSignal.
 */
import type { Stats } from "node:fs";
import { glob, stat } from "node:fs/promises";
import path from "node:path";
import { toolAborted } from "./tool-input.ts";

const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

/** A file found by a walk. */
export interface FoundFile {
  /** Absolute path. */
  path: string;
  mtimeMs: number;
  size: number;
}

/** Files under `root` whose relative path matches `pattern`, in no set order; throws MiniCcError "tool-aborted" once `signal` aborts. */
export async function globFiles(root: string, pattern: string, signal: AbortSignal): Promise<FoundFile[]> {
  const found: Array<Promise<FoundFile | undefined>> = [];
  const entries = glob(pattern, { cwd: root, withFileTypes: true, exclude: (d) => SKIPPED_DIRS.has(d.name) });
  for await (const entry of entries) {
    if (signal.aborted) throw toolAborted();
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    found.push(
      stat(absolute).then(
        (s) => (s.isFile() ? asFound(absolute, s) : undefined),
        () => undefined, // A dangling link or a file deleted meanwhile.
      ),
    );
  }
  return (await Promise.all(found)).filter((f) => f !== undefined);
}

/** The file at `absolute` (symlinks followed) as a walk would find it; throws when it cannot be read. */
export async function foundFile(absolute: string): Promise<FoundFile> {
  return asFound(absolute, await stat(absolute));
}

/** Orders found files by path, code unit by code unit (the same on every machine). */
export function byPath(a: FoundFile, b: FoundFile): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

function asFound(absolute: string, s: Stats): FoundFile {
  return { path: absolute, mtimeMs: s.mtimeMs, size: s.size };
}
