/**
 * Where a tool call's path points, and what is there. Models may pass
 * relative paths; they mean "relative to the working directory", never to
 * the process's own cwd.
 */
import { constants } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { RealPaths } from "./real-paths.ts";
import type { ToolContext } from "./tool.ts";

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

/**
 * How Glob and Grep show a found path: relative to the working directory's
 * real path, since a walk starts from real paths.
 */
export function foundPathShower(ctx: Pick<ToolContext, "cwd" | "realPaths">): (absolute: string) => string {
  const shownFrom = realPathIn(ctx, path.resolve(ctx.cwd));
  return (absolute) => displayPath(shownFrom, absolute);
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

/** A path a tool call names: where it really leads (symlinks resolved), and what is there now. */
export interface Located {
  readonly absolute: string;
  readonly kind: FileKind;
}

/** Resolves `p` against the call's cwd to the real path its permission check saw, and looks at what is there. */
export async function locate(ctx: Pick<ToolContext, "cwd" | "realPaths">, p: string): Promise<Located> {
  const absolute = realPathIn(ctx, resolvePath(ctx.cwd, p));
  return { absolute, kind: await fileKind(absolute) };
}

/** The real path of `absolute` as this call's check resolved it. */
export function realPathIn(ctx: Pick<ToolContext, "realPaths">, absolute: string): string {
  return (ctx.realPaths ?? new RealPaths()).of(absolute);
}

/** Reads a file located by locate(): a symlink put in its place since is refused (ELOOP), never followed. */
export function readLocated(absolute: string): Promise<Buffer> {
  return readFile(absolute, { flag: constants.O_RDONLY | constants.O_NOFOLLOW });
}
