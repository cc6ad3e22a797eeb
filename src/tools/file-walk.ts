/**
 * The file walk Glob and Grep share: regular files under a folder whose path
 * relative to it matches a glob, node_modules and .git skipped, stopped
 * through the call's AbortSignal. A file (or a file in a folder) reached
 * through a symlink is listed only when it really lies somewhere the call may
 * read: no result is outside the project or the searched folder.
 */
import type { Stats } from "node:fs";
import { glob, realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { Located } from "./paths.ts";
import { isWithin, type PathScope } from "./real-paths.ts";
import type { ToolContext } from "./tool.ts";
import { toolAborted } from "./tool-input.ts";

const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

/** A file found by a walk. */
export interface FoundFile {
  /** Absolute path, as found (a symlink's own path). */
  path: string;
  /** Where it really is: what a search opens. */
  real: string;
  mtimeMs: number;
  size: number;
}

/**
 * Files under `root` (a real path) whose relative path matches `pattern`, in
 * no set order; a symlink counts when its target is under `root` or in
 * `scope`. Throws MiniCcError "tool-aborted" once `signal` aborts.
 */
export async function globFiles(
  root: string,
  pattern: string,
  signal: AbortSignal,
  scope?: PathScope,
): Promise<FoundFile[]> {
  const found: Array<Promise<FoundFile | undefined>> = [];
  const entries = glob(pattern, { cwd: root, withFileTypes: true, exclude: (d) => SKIPPED_DIRS.has(d.name) });
  const mayRead = (real: string) => isWithin(root, real) || scope?.contains(real) === true;
  // fs.glob may descend into a symlinked folder: each folder's real path is looked up once.
  const realFolders = new Map<string, Promise<string>>();
  const realFolder = (folder: string) => {
    let real = realFolders.get(folder);
    if (real === undefined) realFolders.set(folder, (real = realpath(folder)));
    return real;
  };
  for await (const entry of entries) {
    if (signal.aborted) throw toolAborted();
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    found.push(
      walkedFile(
        path.join(entry.parentPath, entry.name),
        entry.isSymbolicLink(),
        realFolder(entry.parentPath),
        mayRead,
      ),
    );
  }
  return (await Promise.all(found)).filter((f) => f !== undefined);
}

/** The regular file at `absolute`, when it really lies where the call may read; else (or when gone, or dangling) undefined. */
async function walkedFile(
  absolute: string,
  isLink: boolean,
  realFolder: Promise<string>,
  mayRead: (real: string) => boolean,
): Promise<FoundFile | undefined> {
  try {
    const inRealFolder = path.join(await realFolder, path.basename(absolute));
    const real = isLink ? await realpath(inRealFolder) : inRealFolder;
    if (!mayRead(real)) return undefined;
    const s = await stat(real);
    return s.isFile() ? asFound(absolute, real, s) : undefined;
  } catch {
    return undefined; // A dangling link or a file deleted meanwhile.
  }
}

/**
 * The files a glob reads from its base (searchBase()): a walk of `rest` below
 * a folder, or the one file a pattern without wildcards names.
 */
export async function filesFromBase(base: Located, rest: string, ctx: ToolContext): Promise<FoundFile[]> {
  if (base.kind === "missing") return [];
  if (rest === "") return base.kind === "file" ? [await foundFile(base.absolute)] : [];
  if (base.kind === "file") return [];
  return globFiles(base.absolute, rest, ctx.signal, ctx.scope);
}

/** The file at the real path `real` as a walk would find it; throws when it cannot be read. */
export async function foundFile(real: string): Promise<FoundFile> {
  return asFound(real, real, await stat(real));
}

/** Orders found files by path, code unit by code unit (the same on every machine). */
export function byPath(a: FoundFile, b: FoundFile): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

function asFound(absolute: string, real: string, s: Stats): FoundFile {
  return { path: absolute, real, mtimeMs: s.mtimeMs, size: s.size };
}
