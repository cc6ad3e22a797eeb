/**
 * Whether a settings file in the project is the user's own or the
 * repository's. `.claude/settings.local.json` is personal by name only: a
 * repository can commit one, and a clone would then trust what it grants. It
 * is the user's only when git does not track it and this user owns it;
 * otherwise it waits for approval like the shared `.claude/settings.json`.
 */
import { lstatSync, statSync, type Stats } from "node:fs";
import { gitTracking } from "../fs/git-index.ts";

/** Why the repository carries the file at `path` (so it is not the user's), or undefined when it is the user's own (or absent). */
export async function carriedByRepository(path: string, uid = process.getuid?.()): Promise<string | undefined> {
  const link = statOrUndefined(() => lstatSync(path));
  if (!link) return undefined;
  // A link is judged by what it is and by where it leads: both must be this user's.
  const target = link.isSymbolicLink() ? statOrUndefined(() => statSync(path)) : link;
  for (const stats of [link, target]) {
    if (uid !== undefined && stats && stats.uid !== uid) return `owned by another user (uid ${stats.uid})`;
  }
  const tracking = await gitTracking(path);
  if (tracking === "tracked") return "tracked by git";
  // When in doubt the file is the repository's: asking once costs less than trusting a clone.
  if (tracking === "unknown") return "mini-cc cannot tell whether git tracks it";
  return undefined;
}

function statOrUndefined(stat: () => Stats): Stats | undefined {
  try {
    return stat();
  } catch {
    return undefined;
  }
}
