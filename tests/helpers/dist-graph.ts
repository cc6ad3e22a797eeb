/**
 * What the built CLI (dist/) loads before a mode starts: the files a bundle
 * imports statically, followed through esbuild's `import…from"./chunk.js"`
 * and `import"./chunk.js"`. Dynamically imported chunks load only when used.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const DIST = resolve(import.meta.dirname, "../../dist");

/** Every file `entry` imports statically, itself included. */
export function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, "utf8");
  for (const match of code.matchAll(/import\s*(?:[\w$*{}\s,]+from\s*)?"(\.{1,2}\/[^"]+\.js)"/g))
    staticGraph(join(dirname(entry), match[1]!), seen);
  return seen;
}

/** The chunk cli.js imports for the full-screen UI (src/cli/interactive.ts). */
export function interactiveChunk(): string {
  const cli = readFileSync(join(DIST, "cli.js"), "utf8");
  const chunk = /import\("\.\/(chunks\/interactive[^"]*\.js)"\)/.exec(cli)?.[1];
  if (!chunk) throw new Error("dist/cli.js imports no interactive chunk");
  return join(DIST, chunk);
}
