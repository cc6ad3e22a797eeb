/**
 * Where `--model-script FILE` points. The README names `examples/ch15.json`,
 * which is only beside the user when they run from mini-cc's own folder; a
 * relative path missing from the working folder is therefore looked up in
 * mini-cc's installation too, so the README's command works from any folder.
 */
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";

/** `path` as given when it exists from `cwd` (or is absolute, or exists nowhere); else the installation's copy. */
export function resolveModelScript(path: string, cwd: string, installDir: string): string {
  if (isAbsolute(path) || existsSync(resolve(cwd, path))) return path;
  const installed = resolve(installDir, path);
  return existsSync(installed) ? installed : path;
}
