/**
 * Child process of bench/tui-why.ts: in a fresh Node, with the compile cache
 * on as cli.ts turns it on, imports the CLI's chunks one at a time in the
 * order the TUI loads them and times each, then the TUI's two scripts
 * (dist/chunks/interactive.cjs, dist/tui.cjs) through their code caches
 * (made by the warm-up run, so without the first frame's functions).
 * Prints one JSON object.
 *
 *   node bench/tui-import-probe.ts '{"chunks":[...],"interactiveScript":...,"tuiScript":...,"home":...}'
 */
import { enableCompileCache } from "node:module";
import { basename, join } from "node:path";
import { requireCachedScript } from "../src/cli/cached-script.ts";

enableCompileCache?.();

interface ProbeInput {
  /** Absolute paths, in load order. */
  readonly chunks: readonly string[];
  readonly interactiveScript: string;
  readonly tuiScript: string;
  /** The mini-cc home whose code-cache/ the scripts use. */
  readonly home: string;
}

const input = JSON.parse(process.argv[2]!) as ProbeInput;
const result: Record<string, number> = {};

for (const chunk of input.chunks) {
  const started = performance.now();
  await import(chunk);
  result[`import ${chunk}`] = performance.now() - started;
}

for (const file of [input.interactiveScript, input.tuiScript]) {
  const started = performance.now();
  const script = requireCachedScript(file, join(input.home, "code-cache"));
  if (file === input.tuiScript) await (script.exports as { loadRunTui(): Promise<unknown> }).loadRunTui();
  result[`load ${basename(file)} (code cache ${script.cache})`] = performance.now() - started;
  script.saveCodeCache();
}

process.stdout.write(JSON.stringify(result));
