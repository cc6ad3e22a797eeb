/**
 * Yoga bundled as the CLI bundles it (scripts/ink-bundle.ts): it still lays
 * out, and loading it no longer loads undici (Node's fetch), which the stock
 * loader pulled in just to decode its WebAssembly from a data: URL.
 */
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { yogaWithoutFetch } from "../../../scripts/yoga-bundle.ts";

const dir = mkdtempSync(join(tmpdir(), "yoga-without-fetch-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lays out a 10-column node, in a fresh Node; says whether undici got loaded. */
async function run(name: string, plugins: (typeof yogaWithoutFetch)[]): Promise<{ width: number; undici: boolean }> {
  const outfile = join(dir, `${name}.mjs`);
  const contents = `import Yoga from "yoga-layout";
const node = Yoga.Node.create();
node.setWidth(10);
node.calculateLayout();
console.log(JSON.stringify({ width: node.getComputedWidth(), undici: process.moduleLoadList.some((m) => m.includes("undici")) }));`;
  await build({
    stdin: { contents, resolveDir: import.meta.dirname },
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "error",
    plugins,
  });
  return JSON.parse(execFileSync(process.execPath, [outfile], { encoding: "utf8" })) as {
    width: number;
    undici: boolean;
  };
}

describe("Yoga, bundled", () => {
  it("lays out without loading undici; the stock loader loads it", async () => {
    expect(await run("ours", [yogaWithoutFetch])).toEqual({ width: 10, undici: false });
    expect(await run("stock", [])).toEqual({ width: 10, undici: true });
  });
});
