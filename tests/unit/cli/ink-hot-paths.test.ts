/**
 * The bundle's changes to Ink's output and line-update (scripts/ink-bundle.ts)
 * must not change a single byte Ink writes: both are bundled with and without
 * them and given the same rows.
 */
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastStringWidth, inkHotPaths } from "../../../scripts/ink-bundle.ts";

interface InkParts {
  lineUpdate(previous: string, next: string, columns: number): string;
  Output: new (size: {
    width: number;
    height: number;
  }) => {
    caches: unknown;
    write(x: number, y: number, text: string, options: { transformers: unknown[] }): void;
    get(): { output: string; height: number };
  };
}

const dir = mkdtempSync(join(tmpdir(), "ink-hot-paths-"));
let patched: InkParts;
let original: InkParts;

async function bundle(name: string, withHotPaths: boolean): Promise<InkParts> {
  const entry = join(dir, "entry.mjs");
  const ink = join(import.meta.dirname, "../../../node_modules/ink/build");
  writeFileSync(
    entry,
    `export { default as lineUpdate } from ${JSON.stringify(join(ink, "line-update.js"))};\nexport { default as Output } from ${JSON.stringify(join(ink, "output.js"))};\n`,
  );
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "error",
    plugins: withHotPaths ? [fastStringWidth, inkHotPaths] : [fastStringWidth],
  });
  return (await import(pathToFileURL(outfile).href)) as InkParts;
}

beforeAll(async () => {
  patched = await bundle("patched", true);
  original = await bundle("original", false);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const styled = (code: number, text: string) => `\u001b[${code}m${text}\u001b[39m`;
const ROWS = [
  "",
  "❯ hello",
  "❯ hello world",
  `${" ".repeat(60)}${styled(36, "│")} ${styled(32, "●")} \u001b[1msrv03\u001b[22m       \u001b[2mflag\u001b[22m    ${styled(32, "15 tools")}   ${styled(36, "│")}`,
  `${" ".repeat(60)}${styled(36, "│")} ${styled(33, "  /usr/bin/node server.js --port 4000")}    ${styled(36, "│")}`,
  `${" ".repeat(60)}${styled(90, "│")} ${styled(33, "◌")} srv03       \u001b[2mflag\u001b[22m    ${styled(33, "⠴ starting")} ${styled(90, "│")}`,
  "│ 日本語のテキスト and 한국어 │",
  "│ 日本語のテキスト and 한국어!│",
  "│ e\u0301 café 👍🏽 family: 👨‍👩‍👧 │",
  "│ e\u0301 café 👍🏽 family: 👨‍👩‍👩 │",
  "plain ascii row",
  "plain ascii row, longer",
];

describe("Ink's hot paths, as bundled", () => {
  it("line-update writes the same bytes for every pair of rows", () => {
    for (const columns of [40, 80, 120]) {
      for (const previous of ROWS) {
        for (const next of ROWS) {
          expect([previous, next, columns, patched.lineUpdate(previous, next, columns)]).toEqual([
            previous,
            next,
            columns,
            original.lineUpdate(previous, next, columns),
          ]);
        }
      }
    }
  });

  it("output draws the same frames, and keeps its caches from one frame to the next", () => {
    const frame = (Output: InkParts["Output"], rows: readonly string[]) => {
      const output = new Output({ width: 90, height: rows.length + 1 });
      for (const [y, row] of rows.entries()) output.write(y % 3, y, row, { transformers: [] });
      output.write(2, rows.length, "\u200bzero\u2060width", { transformers: [] });
      return output;
    };
    for (const rows of [ROWS, [...ROWS].reverse(), ROWS.slice(3, 7)])
      expect(frame(patched.Output, rows).get()).toEqual(frame(original.Output, rows).get());
    expect(frame(patched.Output, ROWS).caches).toBe(frame(patched.Output, ROWS).caches);
    expect(frame(original.Output, ROWS).caches).not.toBe(frame(original.Output, ROWS).caches);
  });
});
