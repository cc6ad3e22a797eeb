/**
 * shareInteropCopies (scripts/ink-bundle.ts) on a small CommonJS bundle built
 * as dist/tui.cjs is: two ES modules importing one CommonJS module share one
 * copy of its exports, whose values stay live, and a bundle without esbuild's
 * helper fails the build by name.
 */
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shareInteropCopies } from "../../../scripts/built-output.ts";

const dir = mkdtempSync(join(tmpdir(), "share-interop-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Builds the bundle (optionally shared), runs it in a fresh Node and returns what it printed. */
async function run(name: string, shared: boolean): Promise<{ same: boolean; before: number; after: number }> {
  writeFileSync(join(dir, "counter.cjs"), "exports.count = 0;\nexports.bump = () => { exports.count++; };\n");
  writeFileSync(join(dir, "other.mjs"), 'import * as counter from "./counter.cjs";\nexport const seen = counter;\n');
  writeFileSync(
    join(dir, "entry.mjs"),
    `import * as counter from "./counter.cjs";
import { seen } from "./other.mjs";
const before = seen.count;
counter.bump();
console.log(JSON.stringify({ same: counter === seen, before, after: seen.count }));`,
  );
  const outfile = join(dir, `${name}.cjs`);
  await build({ entryPoints: [join(dir, "entry.mjs")], outfile, bundle: true, format: "cjs", minify: true });
  if (shared) await shareInteropCopies(outfile);
  return JSON.parse(execFileSync(process.execPath, [outfile], { encoding: "utf8" }));
}

describe("shareInteropCopies", () => {
  it("gives every importer of a CommonJS module one copy of its exports, still live", async () => {
    expect(await run("plain", false)).toEqual({ same: false, before: 0, after: 1 });
    expect(await run("shared", true)).toEqual({ same: true, before: 0, after: 1 });
  });

  it("fails a build whose bundle has no helper to wrap, naming the file", async () => {
    const file = join(dir, "no-helper.cjs");
    writeFileSync(file, "console.log(1);\n");
    await expect(shareInteropCopies(file)).rejects.toThrow(`${file}: esbuild's __toESM helper not found`);
  });
});
