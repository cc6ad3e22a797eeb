/**
 * Loads a CommonJS bundle as a script, with a V8 code cache that is made
 * only once the program has run for a while (`saveCodeCache`). Node's own
 * compile cache is made as a module is compiled, before it runs, so it holds
 * little more than top-level code; every function the UI's first frame calls
 * is then compiled again at each start. A cache made after the first frame
 * holds them all, and the next start deserializes them instead.
 *
 * The cache is an optimisation and never an error: a missing, stale or
 * damaged one (V8 checks its version and flags) is made again, and a
 * folder that cannot be written just means no cache. It lives in the user's
 * own mini-cc home (0700), not a shared temporary folder, since whoever can
 * write a code cache decides what code runs.
 */
import { sha256Hex } from "../on-demand-crypto.ts";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import vm from "node:vm";
import type { Env } from "../env.ts";

/** What became of the code cache at this start. */
export type CodeCacheUse = "used" | "missing" | "rejected" | "off";

export interface CachedScript {
  /** The bundle's `module.exports`. */
  readonly exports: unknown;
  readonly cache: CodeCacheUse;
  /** Writes a cache when this start had none to use; call it once the program has done what a start does. */
  saveCodeCache(): void;
}

export interface CachedScriptOptions {
  /** What names the file's content (its SHA-256, say) when the caller knows it: the file is then not hashed at each start. */
  readonly contentId?: string;
  readonly env?: Env;
}

/**
 * Runs `file` (CommonJS) and returns its exports. `cacheDir` undefined, or
 * NODE_DISABLE_COMPILE_CACHE set (Node's switch for its own cache), runs it without a cache.
 */
export function requireCachedScript(
  file: string,
  cacheDir: string | undefined,
  { contentId, env = process.env }: CachedScriptOptions = {},
): CachedScript {
  const source = readFileSync(file, "utf8");
  const cacheFile =
    cacheDir === undefined || env.NODE_DISABLE_COMPILE_CACHE
      ? undefined
      : join(cacheDir, cacheName(file, contentId ?? sha256Hex(source)));
  const cachedData = cacheFile === undefined ? undefined : readIfPresent(cacheFile);
  // Node's CommonJS wrapper, on the first line, so line numbers in stack traces stay the file's.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cache: CodeCacheUse =
    cacheFile === undefined
      ? "off"
      : cachedData === undefined
        ? "missing"
        : script.cachedDataRejected
          ? "rejected"
          : "used";
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  let saved = false;
  return {
    exports: module.exports,
    cache,
    saveCodeCache() {
      if (saved || cacheFile === undefined || cache === "used") return;
      saved = true;
      try {
        writeCache(cacheFile, `${basename(file)}.`, script.createCachedData());
      } catch {
        // No cache this time: the next start compiles, as it would without one.
      }
    },
  };
}

/**
 * One name per bundle content and Node. By content, not size and time: V8
 * checks only a source's length, and npm gives every installed file the same
 * time, so another build of the same length would run this one's code.
 */
function cacheName(file: string, contentId: string): string {
  return `${basename(file)}.${contentId.slice(0, 16)}.${process.version}-${process.arch}.v8`;
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Caches of other builds kept beside the new one: two installs used in turn (global and npx) do not evict each other. */
const OTHER_BUILDS_KEPT = 2;

/** Atomically (a reader never sees half a cache), private; of the other builds' caches (named `prefix…`), only the newest stay. */
function writeCache(file: string, prefix: string, data: Buffer): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data, { mode: 0o600 });
  renameSync(temporary, file);
  const others = readdirSync(dir)
    .filter((name) => name !== basename(file) && name.startsWith(prefix) && name.endsWith(".v8"))
    .map((name) => ({ path: join(dir, name), time: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { path } of others.slice(OTHER_BUILDS_KEPT)) rmSync(path, { force: true });
}
