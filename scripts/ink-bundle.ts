/**
 * esbuild settings for code that renders with Ink: the CLI bundle, the
 * examples and the pty tests all bundle through here.
 */
import { build, type Plugin } from "esbuild";
import { fileURLToPath } from "node:url";
import { edited, type TextEdits } from "./text-edits.ts";
import { yogaWithoutFetch } from "./yoga-bundle.ts";

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
 * Two of Ink's hot paths, changed at bundle time without changing what they
 * produce (tests/unit/cli/ink-hot-paths.test.ts compares them with Ink's own):
 * each frame's output caches are reused across frames (src/text/reused-caches.ts)
 * and the per-character "invisible?" pattern is built once, not once per
 * character; a frame's blank cells are one shared cell, and the blanks ending
 * a row are left out before it becomes text, not trimmed off after
 * (src/text/frame-rows.ts); a write with no clip or transformer is tokenized
 * once, not twice; line-update finds graphemes through src/text/graphemes.ts. The
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
      // A write with nothing to clip or transform keeps the characters it was tokenized into, rather than
      // turning each line back into text and tokenizing it again (a box's side border is one write of 30+ lines).
      [
        "let lines = characterLines.map(line => styledCharsToString(line));",
        "let lines = !clip && transformers.length === 0 ? characterLines : characterLines.map(line => styledCharsToString(line));",
      ],
      [
        "const characters = this.caches.getStyledChars(line);",
        "const characters = typeof line === 'string' ? this.caches.getStyledChars(line) : line;",
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
 * Ink turns each string it draws into styled cells, and each row of cells
 * back into a string, with @alcalzone/ansi-tokenize. Two changes to its
 * styledChars.js, writing the same bytes (tests/unit/cli/ink-hot-paths.test.ts):
 * the characters between two codes share one styles array rather than a copy
 * each (a code replaces the array, never changes it), and a change of style
 * from or to none skips diffAnsiCodes (src/text/style-change.ts). With one server in the MCP
 * panel on the first frame, turning its rows into text went from ~3.8 ms to ~1.2 ms.
 */
const STYLE_CHANGE = fileURLToPath(new URL("../src/text/style-change.ts", import.meta.url));
const STYLED_CHARS_EDITS: TextEdits = [
  ["styles: [...codes],", "styles: codes,"],
  ["ansiCodesToString(char.styles)", "__styleChange([], char.styles)"],
  [
    "ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles))",
    "__styleChange(chars[i - 1].styles, char.styles)",
  ],
  ["ansiCodesToString(diffAnsiCodes(char.styles, []))", "__styleChange(char.styles, [])"],
];
export const sharedStyles: Plugin = {
  name: "shared-styles",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/ }, (args) =>
      edited(
        args.path,
        STYLED_CHARS_EDITS,
        "@alcalzone/ansi-tokenize 0.3.2",
        `import { styleChange as __styleChange } from ${JSON.stringify(STYLE_CHANGE)};\n`,
      ),
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

/** What a self-contained bundle needs: the stub, a require(), and React's production build. */
export const WHOLE_BUNDLE = {
  plugins: [
    stubReactDevtools,
    fastStringWidth,
    lazyStringWidth,
    yogaWithoutFetch,
    inkHotPaths,
    lazySegmenters,
    sharedStyles,
  ],
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
