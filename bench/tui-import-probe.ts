/**
 * Child process of bench/tui-why.ts: in a fresh Node, with the compile cache
 * on as cli.ts turns it on, imports the CLI's chunks one at a time in the
 * order the TUI loads them and times each, then the UI's bundle (dist/tui.cjs)
 * through its code cache (made by the warm-up run, so without the first
 * frame's functions), then createRuntime and the start of the servers.
 * Prints one JSON object.
 *
 *   node bench/tui-import-probe.ts '{"chunks":[...],"tuiBundle":...,"runtimeChunk":...,"argsChunk":...,"cwd":...,"home":...}'
 */
import { enableCompileCache } from "node:module";
import { join } from "node:path";
import { requireCachedScript } from "../src/cli/cached-script.ts";

enableCompileCache?.();

interface ProbeInput {
  /** Absolute paths, in load order. */
  readonly chunks: readonly string[];
  /** dist/tui.cjs. */
  readonly tuiBundle: string;
  /** The chunk that exports createRuntime, and the one that exports parseCommand. */
  readonly runtimeChunk: string;
  readonly argsChunk: string | null;
  readonly cwd: string;
  readonly home: string;
}

const input = JSON.parse(process.argv[2]!) as ProbeInput;
const result: Record<string, number> = {};

for (const chunk of input.chunks) {
  const started = performance.now();
  await import(chunk);
  result[`import ${chunk}`] = performance.now() - started;
}

{
  const started = performance.now();
  const bundle = requireCachedScript(input.tuiBundle, join(input.home, "code-cache"));
  await (bundle.exports as { loadRunTui(): Promise<unknown> }).loadRunTui();
  result[`load tui.cjs (code cache ${bundle.cache})`] = performance.now() - started;
  bundle.saveCodeCache();
}

if (input.argsChunk === null) {
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}
const { parseCommand } = (await import(input.argsChunk)) as { parseCommand: (argv: string[]) => { options: unknown } };
const { createRuntime } = (await import(input.runtimeChunk)) as {
  createRuntime: (
    init: Record<string, unknown>,
  ) => Promise<{ listServers(): Promise<void>; connectServers(): Promise<void>; close(): Promise<void> }>;
};
const options = parseCommand([]).options;
let started = performance.now();
const runtime = await createRuntime({
  options,
  cwd: input.cwd,
  env: { ...process.env, MINI_CC_HOME: input.home, ANTHROPIC_API_KEY: undefined },
  interactive: true,
  ask: async () => ({ behavior: "deny", message: "probe" }),
  warn: () => {},
});
result["createRuntime"] = performance.now() - started;
started = performance.now();
await runtime.listServers();
const servers = runtime.connectServers();
result["startServers, synchronous part"] = performance.now() - started;
await servers;
result["startServers, until settled"] = performance.now() - started;
await runtime.close();
process.stdout.write(JSON.stringify(result));
