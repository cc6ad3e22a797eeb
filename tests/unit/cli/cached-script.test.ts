import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const LOADER = join(import.meta.dirname, "../../../src/cli/cached-script.ts");

/** npm installs every file of a package with this time (1985-10-26). */
const NPM_TIME = new Date("1985-10-26T08:15:00Z");

/** A CommonJS file whose function is compiled only when called (lazily), as most of a bundle is; timed as npm installs it. */
function bundle(dir: string, body = "return 6 * 7;"): string {
  const file = join(dir, "ui.cjs");
  writeFileSync(
    file,
    `const path = require("node:path");\nexports.answer = function answer() { ${body} };\nexports.base = path.basename(__filename);\n`,
  );
  utimesSync(file, NPM_TIME, NPM_TIME);
  return file;
}

/**
 * One start, in its own Node: V8 keeps scripts it compiled in memory, so a
 * second load in the same process would never read the cache on disk.
 */
function start(
  file: string,
  cacheDir: string,
  env: Record<string, string> = {},
  contentId?: string,
): { cache: string; answer: number; base: string } {
  const code = `
    import { requireCachedScript } from ${JSON.stringify(LOADER)};
    const script = requireCachedScript(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)}, { contentId: ${JSON.stringify(contentId)} });
    const answer = script.exports.answer();
    script.saveCodeCache();
    console.log(JSON.stringify({ cache: script.cache, answer, base: script.exports.base }));`;
  const { NODE_DISABLE_COMPILE_CACHE: _, ...inherited } = process.env;
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", code], {
      env: { ...inherited, ...env },
      encoding: "utf8",
    }),
  ) as never;
}

describe("requireCachedScript", () => {
  it("runs a CommonJS bundle, makes its cache after it ran, and uses it at the next start", () => {
    const dir = mkdtempSync(join(tmpdir(), "cached-script-"));
    const file = bundle(dir);
    const cacheDir = join(dir, "cache");
    expect(start(file, cacheDir)).toEqual({ cache: "missing", answer: 42, base: "ui.cjs" });
    const [cache] = readdirSync(cacheDir);
    expect(cache).toMatch(/^ui\.cjs\..*\.v8$/);
    expect(statSync(join(cacheDir, cache!)).mode & 0o777).toBe(0o600);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(start(file, cacheDir)).toEqual({ cache: "used", answer: 42, base: "ui.cjs" });
  });

  it("makes a damaged cache again, gives each build its own cache, and keeps the newest three builds' caches", () => {
    const dir = mkdtempSync(join(tmpdir(), "cached-script-"));
    const cacheDir = join(dir, "cache");
    const file = bundle(dir);
    start(file, cacheDir);
    const [name] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, name!), "not a code cache");
    expect(start(file, cacheDir).cache).toBe("rejected");
    expect(start(file, cacheDir).cache).toBe("used");

    // Another build of the same length and time, which V8 would take the old cache for: it gets its own, and its own code runs.
    bundle(dir, "return 6 * 8;");
    expect(start(file, cacheDir)).toMatchObject({ cache: "missing", answer: 48 });
    expect(start(file, cacheDir)).toMatchObject({ cache: "used", answer: 48 });
    // Two builds used in turn keep their caches; a fourth build's evicts the oldest.
    bundle(dir, "return 6 * 7;");
    expect(start(file, cacheDir)).toMatchObject({ cache: "used", answer: 42 });
    for (const body of ["return 6 * 9;", "return 7 * 7;"]) {
      bundle(dir, body);
      start(file, cacheDir);
    }
    expect(readdirSync(cacheDir)).toHaveLength(3);
    bundle(dir, "return 6 * 7;");
    expect(start(file, cacheDir)).toMatchObject({ cache: "missing", answer: 42 });
  });

  it("names the cache by the content id its caller knows, without hashing the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "cached-script-"));
    const file = bundle(dir);
    const cacheDir = join(dir, "cache");
    const id = "0123456789abcdef0123456789abcdef";
    expect(start(file, cacheDir, {}, id)).toMatchObject({ cache: "missing", answer: 42 });
    expect(readdirSync(cacheDir)).toEqual([`ui.cjs.0123456789abcdef.${process.version}-${process.arch}.v8`]);
    expect(start(file, cacheDir, {}, id)).toMatchObject({ cache: "used", answer: 42 });
  });

  it("keeps no cache when Node's compile cache is switched off, or there is no folder for it", () => {
    const dir = mkdtempSync(join(tmpdir(), "cached-script-"));
    const file = bundle(dir);
    expect(start(file, join(dir, "cache"), { NODE_DISABLE_COMPILE_CACHE: "1" }).cache).toBe("off");
    expect(readdirSync(dir)).toEqual(["ui.cjs"]);
    // A cache folder that cannot be made (a file is in the way) is no cache, not an error.
    expect(start(file, join(file, "cache"))).toMatchObject({ cache: "missing", answer: 42 });
  });
});
