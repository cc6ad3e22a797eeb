/**
 * Where a path really leads, symlinks followed, and whether that is inside the
 * folders the session may touch. The permission check and the tool that runs
 * afterwards share one RealPaths per call, so the tool opens exactly the path
 * the check approved: a link swapped between the two cannot redirect it.
 */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";

// As in the kernel (MAXSYMLINKS): a longer chain is a loop.
const MAX_LINKS = 40;

/**
 * The real path of `absolute`: every symlink resolved, also for a path that
 * does not exist yet (its nearest existing folder is resolved and the rest
 * appended) and for a dangling link (where writing would create its target).
 */
export function realPathOf(absolute: string, links = 0): string {
  try {
    return realpathSync(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
  }
  const parent = path.dirname(absolute);
  if (parent === absolute) return absolute;
  const realParent = realPathOf(parent, links);
  const here = path.join(realParent, path.basename(absolute));
  const target = linkTarget(here);
  if (target === undefined) return here;
  if (links >= MAX_LINKS) throw new Error(`too many levels of symbolic links: ${absolute}`);
  return realPathOf(path.resolve(realParent, target), links + 1);
}

/** Where the symlink at `p` points, or undefined when `p` is not a symlink (or not there). */
function linkTarget(p: string): string | undefined {
  try {
    return lstatSync(p).isSymbolicLink() ? readlinkSync(p) : undefined;
  } catch {
    return undefined;
  }
}

/** One call's resolutions: each path is resolved once, and later lookups get the same answer. */
export class RealPaths {
  /** Made at the first path: most calls (an MCP tool's, a search's) resolve none. */
  #seen: Map<string, string> | undefined;

  /** The real path of `absolute`, as first resolved during this call. */
  of(absolute: string): string {
    const seen = (this.#seen ??= new Map());
    let real = seen.get(absolute);
    if (real === undefined) {
      real = realPathOf(absolute);
      seen.set(absolute, real);
    }
    return real;
  }
}

/** True when `p` is `root` or lies below it (both absolute). */
export function isWithin(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The folders the session may touch without asking: the project and those added with --add-dir. */
export class PathScope {
  /** Real paths of the roots. */
  readonly roots: readonly string[];

  constructor(roots: readonly string[]) {
    this.roots = roots.map((root) => realPathOf(path.resolve(root)));
  }

  /** True when the real path `real` lies in one of the roots. */
  contains(real: string): boolean {
    return this.roots.some((root) => isWithin(root, real));
  }
}
