/**
 * esbuild settings for code that renders with Ink: the CLI bundle, the
 * examples and the pty tests all bundle through here.
 */
import { build, type OnLoadResult, type Plugin, transform } from "esbuild";
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/**
 * Ink imports react-devtools-core from a module it loads only when DEV=true
 * and the package is installed; bundled, that import would become a
 * top-level one and fail at start. An empty stand-in keeps it inert.
 */
export const stubReactDevtools: Plugin = {
  name: "stub-react-devtools-core",
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: "react-devtools-core", namespace: "ink-stub" }));
    b.onLoad({ filter: /.*/, namespace: "ink-stub" }, () => ({ contents: "export default {};", loader: "js" }));
  },
};

/**
 * Every `string-width` import but its own goes to src/text/string-width.ts,
 * which measures the UI's usual strings without the package's slow first call.
 */
const FAST_STRING_WIDTH = fileURLToPath(new URL("../src/text/string-width.ts", import.meta.url));
export const fastStringWidth: Plugin = {
  name: "fast-string-width",
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, (args) =>
      args.importer === FAST_STRING_WIDTH ? undefined : { path: FAST_STRING_WIDTH },
    );
  },
};

/** Text edits to a dependency's file: each `from` becomes `to`. */
type TextEdits = readonly (readonly [from: string, to: string])[];

/**
 * `path` with `edits` made (and `prefix` before it), as esbuild loads it. A
 * `from` not found fails the build: the package is not the `version` the
 * edits were written for (package.json pins each one).
 */
async function edited(path: string, edits: TextEdits, version: string, prefix = ""): Promise<OnLoadResult> {
  let contents = await readFile(path, "utf8");
  for (const [from, to] of edits) {
    if (!contents.includes(from)) throw new Error(`${path}: ${JSON.stringify(from)} not found (not ${version}?)`);
    contents = contents.replace(from, to);
  }
  return { contents: prefix + contents, loader: "js" };
}

/**
 * The string-width package (8.3.0, pinned in package.json) builds its
 * grapheme segmenter and its RGI emoji pattern (~6 ms, the largest single
 * cost of loading Ink) when its module loads. Only strings the fast path
 * above cannot measure need them, and the first frame has none: here they
 * are built on first use instead. Same widths: tests/unit/text/string-width.test.ts.
 */
const STRING_WIDTH_EDITS: TextEdits = [
  ["const segmenter = new Intl.Segmenter();", "let segmenter;"],
  ["const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;", "let rgiEmojiRegex;"],
  ["segmenter.segment(string)", "(segmenter ??= new Intl.Segmenter()).segment(string)"],
  ["rgiEmojiRegex.test(segment)", "(rgiEmojiRegex ??= /^\\p{RGI_Emoji}$/v).test(segment)"],
];
export const lazyStringWidth: Plugin = {
  name: "lazy-string-width",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) =>
      edited(args.path, STRING_WIDTH_EDITS, "string-width 8.3.0"),
    );
  },
};

/**
 * Yoga's WebAssembly is a base64 data: URL inside yoga-layout (3.2.1, pinned
 * in package.json), and its Emscripten loader reads it with fetch() whenever
 * fetch exists: Node then loads undici, its HTTP client, about 20 ms before
 * the first frame, to decode a string. The loader's own decoder, which it
 * uses where there is no fetch, is used instead.
 * tests/unit/cli/yoga-without-fetch.test.ts checks Yoga still lays out and undici stays unloaded.
 */
export const yogaWithoutFetch: Plugin = {
  name: "yoga-without-fetch",
  setup(b) {
    b.onLoad(
      { filter: /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ },
      (args) =>
        // ua(H): the binary is a data: URL.
        edited(
          args.path,
          [
            [
              'function ya(){return w||"function"!=typeof fetch?',
              'function ya(){return w||ua(H)||"function"!=typeof fetch?',
            ],
          ],
          "yoga-layout 3.2.1",
        ),
    );
  },
};

const YOGA_WASM_MODULE = /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
/** Yoga's WebAssembly in yoga-layout 3.2.1's loader: a data: URL of some 95 KB of base64. */
const YOGA_WASM_DATA_URL = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;

/**
 * For dist/tui.cjs only: Yoga's WebAssembly is read from dist/yoga.wasm
 * (writeYogaWasm puts it there) instead of being decoded from a base64 string
 * in the bundle. Those 95 KB were a sixth of the bundle that every start read,
 * kept in its code cache and decoded before the first frame (about 10 ms of CPU).
 * The loader takes a binary it is handed (`wasmBinary`) before anything else.
 */
export const yogaWasmBeside: Plugin = {
  name: "yoga-wasm-beside",
  setup(b) {
    b.onLoad({ filter: YOGA_WASM_MODULE }, async (args) => {
      const loaded = await edited(
        args.path,
        [
          [
            "var w;h.wasmBinary&&(w=h.wasmBinary);",
            'var w=h.wasmBinary||require("node:fs").readFileSync(require("node:path").join(__dirname,"yoga.wasm"));',
          ],
        ],
        "yoga-layout 3.2.1",
      );
      const contents = String(loaded.contents).replace(YOGA_WASM_DATA_URL, '"data:application/octet-stream;base64,"');
      return { ...loaded, contents };
    });
  },
};

/** Writes Yoga's WebAssembly, as yoga-layout carries it in base64, to `file` (beside dist/tui.cjs). */
export async function writeYogaWasm(file: string): Promise<void> {
  const loader = new URL("../node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js", import.meta.url);
  const source = await readFile(loader, "utf8");
  const base64 = YOGA_WASM_DATA_URL.exec(source)?.[1];
  const binary = base64 === undefined ? undefined : Buffer.from(base64, "base64");
  // "\0asm" is WebAssembly's magic number: the base64 decoded to a module.
  if (!binary?.subarray(0, 4).equals(Buffer.from("\0asm", "latin1")))
    throw new Error("yoga-layout: its WebAssembly was not found (not 3.2.1?)");
  await writeFile(file, binary);
}

/**
 * Two of Ink's hot paths, changed at bundle time without changing what they
 * produce (tests/unit/cli/ink-hot-paths.test.ts compares them with Ink's own):
 * each frame's output caches are reused across frames (src/text/reused-caches.ts)
 * and the per-character "invisible?" pattern is built once, not once per
 * character; a frame's blank cells are one shared cell, and the blanks ending
 * a row are left out before it becomes text, not trimmed off after
 * (src/text/frame-rows.ts); line-update finds graphemes through src/text/graphemes.ts. The
 * texts replaced are Ink 8.0.0's (package.json pins it): a text not found fails the build.
 */
const GRAPHEMES = fileURLToPath(new URL("../src/text/graphemes.ts", import.meta.url));
const REUSED_CACHES = fileURLToPath(new URL("../src/text/reused-caches.ts", import.meta.url));
const FRAME_ROWS = fileURLToPath(new URL("../src/text/frame-rows.ts", import.meta.url));
const INK_EDITS: Record<string, { readonly imports: string; readonly replace: TextEdits }> = {
  "output.js": {
    imports:
      `import { reusedCaches as __reusedCaches } from ${JSON.stringify(REUSED_CACHES)};\n` +
      `import { blankRow as __blankRow, rowText as __rowText } from ${JSON.stringify(FRAME_ROWS)};\n`,
    replace: [
      ["caches = new OutputCaches();", "caches = __reusedCaches(() => new OutputCaches());"],
      ["!/^\\p{Default_Ignorable_Code_Point}+$/u.test(character.value)", "!DEFAULT_IGNORABLE.test(character.value)"],
      [
        "class OutputCaches {",
        "const DEFAULT_IGNORABLE = /^\\p{Default_Ignorable_Code_Point}+$/u;\nclass OutputCaches {",
      ],
      [
        "row.push({\n                    type: 'char',\n                    value: ' ',\n                    fullWidth: false,\n                    styles: [],\n                });",
        "row.push(BLANK_CELL);",
      ],
      [
        "class OutputCaches {",
        "const BLANK_CELL = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });\nclass OutputCaches {",
      ],
      [
        "const row = [];\n            for (let x = 0; x < this.width; x++) {\n                row.push(BLANK_CELL);\n            }",
        "const row = __blankRow(this.width, BLANK_CELL);",
      ],
      [
        "const lineWithoutEmptyItems = line.filter(item => item !== undefined);\n            return styledCharsToString(lineWithoutEmptyItems).trimEnd();",
        "return __rowText(line, styledCharsToString);",
      ],
    ],
  },
  "line-update.js": {
    imports: `import { graphemeSegments as __graphemeSegments } from ${JSON.stringify(GRAPHEMES)};\n`,
    replace: [
      ["segmenter.segment(previousText)", "__graphemeSegments(previousText)"],
      ["segmenter.segment(nextText)", "__graphemeSegments(nextText)"],
      ["const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });", ""],
    ],
  },
};
export const inkHotPaths: Plugin = {
  name: "ink-hot-paths",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/](output|line-update)\.js$/ }, (args) => {
      const edits = INK_EDITS[args.path.split(/[\\/]/).at(-1) as string]!;
      return edited(args.path, edits.replace, "Ink 8.0.0", edits.imports);
    });
  },
};

/**
 * Ink's tokenizer (@alcalzone/ansi-tokenize) walks every string it draws
 * through Intl.Segmenter, and it, wrap-ansi, slice-ansi and cli-truncate each
 * made a segmenter as they loaded: the first one a process makes costs
 * 10–40 ms (ICU's break rules), for a first frame whose text needs none. The
 * tokenizer takes src/text/graphemes.ts's graphemes instead (the segmenter's
 * only for text that needs it), and the others share one segmenter made at
 * first use. Texts are those of the versions package-lock.json holds: one not
 * found fails the build. tests/unit/cli/ink-hot-paths.test.ts compares the frames.
 */
const SEGMENTER_IMPORTS = `import { graphemeSegments as __graphemeSegments, lazyGraphemeSegmenter as __lazyGraphemeSegmenter } from ${JSON.stringify(GRAPHEMES)};\n`;
const SEGMENTER_EDITS: Record<string, { readonly version: string; readonly replace: TextEdits }> = {
  "@alcalzone/ansi-tokenize/build/tokenize.js": {
    version: "@alcalzone/ansi-tokenize 0.3.2",
    replace: [
      ['const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });', ""],
      ["segmenter.segment(str)", "__graphemeSegments(str)"],
    ],
  },
  "wrap-ansi/index.js": {
    version: "wrap-ansi 10.0.2",
    replace: [["const segmenter = new Intl.Segmenter();", "const segmenter = __lazyGraphemeSegmenter;"]],
  },
  "slice-ansi/tokenize-ansi.js": {
    version: "slice-ansi 10.0.1",
    replace: [
      [
        "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
        "const GRAPHEME_SEGMENTER = __lazyGraphemeSegmenter;",
      ],
    ],
  },
  "cli-truncate/index.js": {
    version: "cli-truncate 6.2.0",
    replace: [["new Intl.Segmenter().segment(", "__lazyGraphemeSegmenter.segment("]],
  },
};
export const lazySegmenters: Plugin = {
  name: "lazy-segmenters",
  setup(b) {
    b.onLoad(
      {
        filter:
          /[\\/]node_modules[\\/](@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize|wrap-ansi[\\/]index|slice-ansi[\\/]tokenize-ansi|cli-truncate[\\/]index)\.js$/,
      },
      (args) => {
        const key = Object.keys(SEGMENTER_EDITS).find((k) =>
          args.path.replaceAll("\\", "/").endsWith(`/node_modules/${k}`),
        )!;
        const { version, replace } = SEGMENTER_EDITS[key]!;
        return edited(args.path, replace, version, SEGMENTER_IMPORTS);
      },
    );
  },
};

/**
 * For a CommonJS bundle of Ink (dist/tui.cjs, see app/tui.ts), which cannot
 * wait at the top level: yoga-layout becomes app/yoga-loaded-later.ts, and
 * Ink's two top-level waits, both only when DEV=true (React devtools, which
 * the stub above leaves out anyway, and its own package.json for them), are
 * taken out. Texts are Ink 8.0.0's: one not found fails the build.
 */
const YOGA_LOADED_LATER = fileURLToPath(new URL("../app/yoga-loaded-later.ts", import.meta.url));
export const withoutTopLevelAwait: Plugin = {
  name: "without-top-level-await",
  setup(b) {
    b.onResolve({ filter: /^yoga-layout$/ }, (args) =>
      args.importer === YOGA_LOADED_LATER ? undefined : { path: YOGA_LOADED_LATER },
    );
    b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]reconciler\.js$/ }, (args) =>
      edited(
        args.path,
        [
          ["await import('./devtools.js');", ""],
          ["const loaded = await loadPackageJson();", "const loaded = {};"],
        ],
        "Ink 8.0.0",
      ),
    );
  },
};

/** Some bundled dependencies are CommonJS and call require(): give the ESM bundle one. */
export const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Takes REQUIRE_BANNER out of each built ESM file in `files` whose code never
 * uses `require` (a word in a string or a local of that name does not count):
 * most chunks have none to call, and each createRequire() costs Node about
 * 0.2 ms of a start-up that loads some twenty of them before the TUI's first
 * frame. The line stays, empty, so the linked source maps still fit.
 */
export async function dropUnusedRequireBanners(files: readonly string[]): Promise<void> {
  const marker = "__mini_cc_free_require__";
  for (const file of files.filter((name) => name.endsWith(".js"))) {
    const code = await readFile(file, "utf8");
    if (!code.startsWith(REQUIRE_BANNER)) continue;
    const rest = code.slice(REQUIRE_BANNER.length);
    // esbuild's define swaps only references to the global `require`: what the banner would have given.
    const probed = await transform(rest, { format: "esm", define: { require: marker }, logLevel: "silent" });
    if (!probed.code.includes(marker)) await writeFile(file, rest);
  }
}

/**
 * esbuild gives every ES module that imports a CommonJS one (React, its JSX
 * runtime, node:process…) a copy of that module's exports of its own: one getter
 * per property, made as the importer first runs. dist/tui.cjs makes 126 of
 * them (React's 65 times), about 7 ms of the first frame. This wraps the
 * copying helper (esbuild's `__toESM`, found by its shape in the minified
 * `file`) so that a module whose property names are as many as at its last copy
 * gets that copy again: its getters read through to the module, so every
 * importer still sees the same live values. A build whose helper is not found fails.
 */
export async function shareInteropCopies(file: string): Promise<void> {
  const code = await readFile(file, "utf8");
  const helper =
    /var ([\w$]+)=(\(([\w$]+),([\w$]+),([\w$]+)\)=>\(\5=\3!=null\?[^;]*?\.__esModule\?[^;]*?enumerable:!0\}\):\5,\3\)\))/;
  const found = helper.exec(code);
  if (!found) throw new Error(`${file}: esbuild's __toESM helper not found; shareInteropCopies needs updating`);
  const [whole, name, copy] = found;
  const shared =
    `var ${name}=((copy,kept=new WeakMap)=>(mod,nodeMode)=>{` +
    `if(mod==null||typeof mod!="object"&&typeof mod!="function")return copy(mod,nodeMode);` +
    `const names=Object.getOwnPropertyNames(mod).length,key=nodeMode?"node":"esm";` +
    `let copies=kept.get(mod);if(!copies)kept.set(mod,copies={});` +
    `const last=copies[key];if(last&&last.names===names)return last.copy;` +
    `const made=copy(mod,nodeMode);copies[key]={names,copy:made};return made})(${copy})`;
  await writeFile(file, code.replace(whole, shared));
}

/** What a self-contained bundle needs: the stub, a require(), and React's production build. */
export const WHOLE_BUNDLE = {
  plugins: [stubReactDevtools, fastStringWidth, lazyStringWidth, yogaWithoutFetch, inkHotPaths, lazySegmenters],
  banner: { js: REQUIRE_BANNER },
  // React and react-reconciler pick their development builds (slower, noisy) unless told otherwise.
  define: { "process.env.NODE_ENV": '"production"' },
};

/** How self-contained the bundle is. */
export interface BundleOptions {
  /** Leave node_modules out of the bundle (quick runs during development). */
  readonly externalPackages?: boolean;
}

/** Bundles a .ts/.tsx entry (JSX included) into one ESM file for Node 22. */
export async function bundleEntry(entry: string, outfile: string, options: BundleOptions = {}): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    jsx: "automatic",
    logLevel: "warning",
    ...(options.externalPackages ? { packages: "external" as const } : WHOLE_BUNDLE),
  });
}
