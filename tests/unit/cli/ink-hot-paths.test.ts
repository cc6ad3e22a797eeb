/**
 * The bundle's changes to Ink's output and line-update, and to the packages
 * that segment its text (scripts/ink-bundle.ts), must not change a single
 * byte Ink writes: both are bundled with and without them and given the same rows.
 */
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fastStringWidth,
  inkHotPaths,
  lazySegmenters,
  lazyStringWidth,
  sharedStyles,
} from "../../../scripts/ink-bundle.ts";

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
  wrapAnsi(text: string, columns: number, options?: { hard?: boolean }): string;
  sliceAnsi(text: string, start: number, end?: number): string;
  cliTruncate(text: string, columns: number, options?: { position?: "start" | "middle" | "end" }): string;
}

const dir = mkdtempSync(join(tmpdir(), "ink-hot-paths-"));
let patched: InkParts;
let original: InkParts;

async function bundle(name: string, withHotPaths: boolean): Promise<InkParts> {
  const entry = join(dir, "entry.mjs");
  const modules = join(import.meta.dirname, "../../../node_modules");
  const exports = {
    lineUpdate: "ink/build/line-update.js",
    Output: "ink/build/output.js",
    wrapAnsi: "wrap-ansi/index.js",
    sliceAnsi: "slice-ansi/index.js",
    cliTruncate: "cli-truncate/index.js",
  };
  writeFileSync(
    entry,
    Object.entries(exports)
      .map(([name, file]) => `export { default as ${name} } from ${JSON.stringify(join(modules, file))};\n`)
      .join(""),
  );
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "error",
    plugins: withHotPaths
      ? [fastStringWidth, lazyStringWidth, inkHotPaths, lazySegmenters, sharedStyles]
      : [fastStringWidth],
  });
  return (await import(pathToFileURL(outfile).href)) as InkParts;
}

/** How many Intl.Segmenters were made while loading each bundle and drawing its first frame. */
const segmentersMade = { patched: 0, original: 0 };
const IntlSegmenter = Intl.Segmenter;
/** Intl's typings make Segmenter read-only; the count below swaps it for a while. */
const intl = Intl as { Segmenter: typeof Intl.Segmenter };

/** Loads a bundle, draws the UI's usual rows (no emoji, no combining marks), and counts the segmenters made meanwhile. */
async function loadCountingSegmenters(side: "patched" | "original"): Promise<InkParts> {
  intl.Segmenter = class extends IntlSegmenter {
    constructor(...args: ConstructorParameters<typeof IntlSegmenter>) {
      super(...args);
      segmentersMade[side]++;
    }
  };
  try {
    const parts = await bundle(side, side === "patched");
    const output = new parts.Output({ width: 90, height: 8 });
    for (const [y, row] of ROWS.slice(0, 6).entries()) output.write(0, y, row, { transformers: [] });
    output.get();
    return parts;
  } finally {
    intl.Segmenter = IntlSegmenter;
  }
}

beforeAll(async () => {
  patched = await loadCountingSegmenters("patched");
  original = await loadCountingSegmenters("original");
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
  // Rows that end in styled blanks (a background, inverse): those are not trimmed off.
  `selected ${"\u001b[44m   \u001b[49m"}`,
  `\u001b[7m \u001b[27m`,
  "trailing blanks   ",
  // Styles that overlap, end together or replace one another: bold and dim (both ended by 22), nested colours,
  // backgrounds, 256 and true colours, a link, a full reset.
  "\u001b[1mbold \u001b[2mand dim\u001b[22m plain \u001b[2mdim \u001b[1mboth\u001b[22m\u001b[0m end",
  "\u001b[31mred \u001b[32mgreen\u001b[39m \u001b[44mon blue \u001b[7minverse\u001b[27m\u001b[49m \u001b[4;38;5;208morange\u001b[24;39m",
  "\u001b[38;2;10;20;30mtrue\u001b[48;2;1;2;3m colour\u001b[0m \u001b]8;;https://example.com\u0007link\u001b]8;;\u0007 after",
  "\u001b[3mitalic \u001b[9mstruck\u001b[29m\u001b[23m\u001b[1m\u001b[36m bold cyan \u001b[0m\u001b[2m dim",
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
    // Writes of several lines (a box's side border, a wrapped paragraph), clipped or transformed or neither.
    const boxed = (Output: InkParts["Output"]) => {
      const output = new Output({ width: 90, height: 14 }) as InstanceType<InkParts["Output"]> & {
        clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
        unclip(): void;
      };
      const side = `${styled(90, "│")}\n`.repeat(12);
      output.write(60, 1, side, { transformers: [] });
      output.write(89, 1, side, { transformers: [] });
      output.write(0, 0, ROWS.slice(1, 9).join("\n"), { transformers: [] });
      output.write(10, 9, ROWS.slice(3, 6).join("\n"), { transformers: [(line: string, y: number) => `${y}:${line}`] });
      output.clip({ x1: 5, x2: 70, y1: 2, y2: 11 });
      output.write(0, 1, ROWS.slice(6, 12).join("\n"), { transformers: [] });
      output.unclip();
      return output.get();
    };
    expect(boxed(patched.Output)).toEqual(boxed(original.Output));
    expect(boxed(patched.Output).output).toMatch(/2:.*│/);
    expect(frame(patched.Output, ROWS).caches).toBe(frame(patched.Output, ROWS).caches);
    expect(frame(original.Output, ROWS).caches).not.toBe(frame(original.Output, ROWS).caches);
  });

  it("loads and draws the UI's usual rows without making an Intl.Segmenter (the first costs 10-40 ms)", () => {
    expect(segmentersMade.original).toBeGreaterThan(0);
    expect(segmentersMade.patched).toBe(0);
  });

  it("wraps, slices and truncates as the packages do, through the segmenter they now share", () => {
    for (const row of ROWS) {
      for (const columns of [3, 9, 20]) {
        expect([row, columns, patched.wrapAnsi(row, columns, { hard: true })]).toEqual([
          row,
          columns,
          original.wrapAnsi(row, columns, { hard: true }),
        ]);
        expect([row, columns, patched.sliceAnsi(row, 2, columns)]).toEqual([
          row,
          columns,
          original.sliceAnsi(row, 2, columns),
        ]);
        for (const position of ["start", "middle", "end"] as const)
          expect([row, columns, position, patched.cliTruncate(row, columns, { position })]).toEqual([
            row,
            columns,
            position,
            original.cliTruncate(row, columns, { position }),
          ]);
      }
    }
  });
});
