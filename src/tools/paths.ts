/**
 * Where a tool call's path points. Models may pass relative paths; they mean
 * "relative to the working directory", never to the process's own cwd.
 */
import path from "node:path";

/** The absolute path `p` names when read from `cwd`. */
export function resolvePath(cwd: string, p: string): string {
  return path.resolve(cwd, p);
}

/** True when `p` (absolute, or relative to `cwd`) is `cwd` itself or lies below it. */
export function isInside(cwd: string, p: string): boolean {
  const rel = path.relative(path.resolve(cwd), path.resolve(cwd, p));
  // "..name" is a file inside; only ".." itself or "../…" leaves.
  return rel !== ".." && !rel.startsWith(".." + path.sep) && !path.isAbsolute(rel);
}

/** How a path is shown to the model: relative to `cwd` when inside it, else absolute. */
export function displayPath(cwd: string, absolute: string): string {
  return isInside(cwd, absolute) ? path.relative(path.resolve(cwd), absolute) || "." : absolute;
}
