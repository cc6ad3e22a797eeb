/**
 * Checks made before anything starts: a folder the user named (--add-dir, or
 * a settings file's additionalDirectories) must exist, and whatever a check
 * of a flag rejects is a usage error (exit 2), so no server runs.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { isMiniCcError, usageError } from "../errors.ts";

/** Settings' additionalDirectories that are folders; a missing one is named and left out. */
export async function existingDirs(dirs: readonly string[], warn: (message: string) => void): Promise<string[]> {
  const found: string[] = [];
  for (const dir of dirs) {
    if (
      await stat(dir).then(
        (s) => s.isDirectory(),
        () => false,
      )
    )
      found.push(dir);
    else warn(`permissions.additionalDirectories: ${dir} is not a folder; left out`);
  }
  return found;
}

/** An --add-dir folder must exist: a typo would otherwise silently widen nothing. */
export async function checkAddDir(cwd: string, dir: string): Promise<void> {
  const isFolder = await stat(resolve(cwd, dir)).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isFolder) throw usageError(`--add-dir ${dir}: no such folder`);
}

/** Runs one check of what the user typed: whatever it rejects is a usage error. */
export async function asUsageError<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (isMiniCcError(error)) throw usageError(error.message, { cause: error });
    throw error;
  }
}
