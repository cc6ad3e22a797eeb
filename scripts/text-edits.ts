/** Changes to a dependency's code as esbuild loads it, each checked against the pinned version's text. */
import type { OnLoadResult } from "esbuild";
import { readFile } from "node:fs/promises";

/** Text edits to a dependency's file: each `from` becomes `to`. */
export type TextEdits = readonly (readonly [from: string, to: string])[];

/**
 * `path` with `edits` made (and `prefix` before it), as esbuild loads it. A
 * `from` not found fails the build: the package is not the `version` the
 * edits were written for (package.json pins each one).
 */
export async function edited(path: string, edits: TextEdits, version: string, prefix = ""): Promise<OnLoadResult> {
  let contents = await readFile(path, "utf8");
  for (const [from, to] of edits) {
    if (!contents.includes(from)) throw new Error(`${path}: ${JSON.stringify(from)} not found (not ${version}?)`);
    contents = contents.replace(from, to);
  }
  return { contents: prefix + contents, loader: "js" };
}
