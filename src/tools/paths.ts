/**
 * Where a tool call's path points, and what is there. Models may pass
 * relative paths; they mean "relative to the working directory", never to
 * the process's own cwd.
 */
import { stat } from "node:fs/promises";
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

/** What is at a path, as far as the file tools care. */
export type FileKind = "missing" | "directory" | "file";

/** What `absolute` is (symlinks followed); errors other than a missing path throw. */
export async function fileKind(absolute: string): Promise<FileKind> {
  try {
    return (await stat(absolute)).isDirectory() ? "directory" : "file";
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw err;
  }
}

/** A path a tool call names: absolute, and what is there now. */
export interface Located {
  readonly absolute: string;
  readonly kind: FileKind;
}

/** Resolves `p` against `cwd` and looks at what is there. */
export async function locate(cwd: string, p: string): Promise<Located> {
  const absolute = resolvePath(cwd, p);
  return { absolute, kind: await fileKind(absolute) };
}
