/**
 * Which project files `@query` offers, best first, as Claude Code's `@`
 * does: a file whose name starts with the query, then one whose name holds
 * it, then a path that holds it, then a path holding its characters in
 * order (`@srvts` → `src/server.ts`); shorter paths first within each. Pure,
 * and one pass over the list: fast enough for every keystroke in a big tree.
 */

/** Rank of a match; lower is better; undefined: no match. */
function rank(file: string, query: string): number | undefined {
  const lower = file.toLowerCase();
  const name = lower.slice(lower.lastIndexOf("/") + 1);
  if (name.startsWith(query)) return 0;
  if (name.includes(query)) return 1;
  if (lower.startsWith(query)) return 2;
  if (lower.includes(query)) return 3;
  return inOrder(lower, query) ? 4 : undefined;
}

function inOrder(text: string, query: string): boolean {
  let at = 0;
  for (const char of query) {
    at = text.indexOf(char, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** At most `max` of `files` matching `query` (case-insensitive), best first; an empty query offers the shortest paths. */
export function matchFiles(files: readonly string[], query: string, max: number): string[] {
  const typed = query.toLowerCase();
  const best: Array<{ file: string; rank: number }> = [];
  for (const file of files) {
    const r = typed === "" ? 0 : rank(file, typed);
    if (r === undefined) continue;
    // Keep only the best `max` seen so far: a sorted insert into a short list.
    const entry = { file, rank: r };
    let i = best.length;
    while (i > 0 && better(entry, best[i - 1]!)) i--;
    if (i >= max) continue;
    best.splice(i, 0, entry);
    if (best.length > max) best.pop();
  }
  return best.map((entry) => entry.file);
}

function better(a: { file: string; rank: number }, b: { file: string; rank: number }): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.file.length !== b.file.length) return a.file.length < b.file.length;
  return a.file < b.file;
}
