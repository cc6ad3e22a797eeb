/**
 * What the built CLI (dist/) loads before a mode starts: the files a bundle
 * imports statically, followed through esbuild's `import…from"./chunk.js"`
 * and `import"./chunk.js"`. Dynamically imported chunks load only when used;
 * a CommonJS script (the UI's) imports none statically.
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

/** The script app/main.ts loads for the full-screen UI's runtime (src/cli/interactive.ts), named in cli.js by its digest. */
export function interactiveChunk(dist = DIST): string {
  const cli = readFileSync(join(dist, "cli.js"), "utf8");
  const chunk = /"(chunks\/interactive[^"]*\.cjs)":"[0-9a-f]{64}"/.exec(cli)?.[1];
  if (!chunk) throw new Error("dist/cli.js names no interactive script");
  return join(dist, chunk);
}
