// Bundles the CLI: start-up reads a few files instead of resolving hundreds of
// modules (tsx would cost ~1.5 s a process). The TUI is a separate bundle
// (dist/tui.cjs), so print mode and `mcp` subcommands never load React or Ink. The bundle holds
// every library it uses, so the package has no runtime dependencies: they are
// all devDependencies, and `npm install -g` fetches nothing but the tarball.
// The sandbox runtime is bundled too, in a chunk of its own loaded by the first sandboxed launch.
// Grep's worker thread is an entry of its own, beside cli.js (src/tools/grep-runner.ts
// finds it there), and so is the reaper of servers left starting (src/processes/release-reaper.ts). `mini-cc` on PATH is bin/mini-cc.cjs, which checks the Node version first.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { copyFile, cp, mkdir, readFile, rm } from "node:fs/promises";
import { dropUnusedRequireBanners, shareInteropCopies } from "./built-output.ts";
import { WHOLE_BUNDLE, withoutTopLevelAwait } from "./ink-bundle.ts";
import { writeYogaWasm, yogaWasmBeside } from "./yoga-bundle.ts";

const { version } = JSON.parse(await readFile("package.json", "utf8"));

/** What every ESM build here shares: split into dist/chunks/, minified, for Node 22. */
const ESM_BUILD = {
  ...WHOLE_BUNDLE,
  outdir: "dist",
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  jsx: "automatic",
  define: { ...WHOLE_BUNDLE.define, MINI_CC_VERSION: JSON.stringify(version) },
  sourcemap: "linked",
  minify: true,
  keepNames: false,
  logLevel: "warning",
  banner: WHOLE_BUNDLE.banner,
  metafile: true,
};

/**
 * What cli.js and interactive.cjs import on demand (print mode, `mcp`, a server's connection, the model's SDK, the
 * subagent files' parser, the sandbox runtime, the shell parser) is built apart, into dist/chunks/later-<name>.js.
 * Bundled with them, every module both sides use went to a chunk of its own that cli.js or interactive.cjs imports
 * statically: the first frame waited for some twenty small files, each a module for Node to resolve, read and
 * link (~0.5 ms of CPU each). Built apart, each side has its own copy of the few modules they share; those hold no
 * state between calls, and errors are told apart by isMiniCcError (a Symbol.for mark), never by instanceof, so two
 * copies behave as one. `names` collects each resolved path's file name; `from` is the way to dist/chunks/.
 */
function builtLater(names, from) {
  return {
    name: "built-later",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== "dynamic-import" || args.pluginData === "built-later") return undefined;
        const { path, external, errors } = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: "built-later",
        });
        if (external || errors.length > 0) return undefined; // Node's own modules; esbuild reports the error itself
        if (!names.has(path)) names.set(path, laterName(args.path, new Set(names.values())));
        return { path: `${from}${names.get(path)}.js`, external: true };
      });
    },
  };
}

/** `later-` and what `specifier` names (its folder's name for an index file), numbered if `taken` has it. */
function laterName(specifier, taken) {
  const [file, folder] = specifier
    .replace(/\.[cm]?[jt]sx?$/, "")
    .split("/")
    .reverse();
  const base = `later-${file === "index" && folder ? folder : file}`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  return name;
}

await rm("dist", { recursive: true, force: true });
// The full-screen UI as one CommonJS script (app/tui.ts says why), loaded by app/main.ts only for the TUI.
// Yoga's WebAssembly goes beside it, as dist/yoga.wasm (yogaWasmBeside says why).
await build({
  ...WHOLE_BUNDLE,
  plugins: [withoutTopLevelAwait, yogaWasmBeside, ...WHOLE_BUNDLE.plugins],
  banner: undefined,
  entryPoints: ["app/tui.ts"],
  outfile: "dist/tui.cjs",
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node22",
  jsx: "automatic",
  define: { ...WHOLE_BUNDLE.define, MINI_CC_VERSION: JSON.stringify(version) },
  sourcemap: "linked",
  minify: true,
  logLevel: "warning",
});
await shareInteropCopies("dist/tui.cjs");
await writeYogaWasm("dist/yoga.wasm");

const loadedLater = new Map(); // what cli.js and interactive.cjs import on demand: resolved path -> its file's name

// The TUI's runtime side (src/cli/interactive.ts and what it imports) as one CommonJS script, loaded by app/main.ts
// through a code cache as dist/tui.cjs is: Node's compile cache would leave every function createRuntime runs to be
// compiled again at each start. Only what it loads later (a server's connection, the model's SDK, the sandbox
// runtime) stays apart, as ES modules it imports. It sits in dist/chunks/ beside them, so src/dist-assets.ts and the
// sandbox runtime find the files beside dist/cli.js the same way. Modules it shares with cli.js's own few (errors,
// arguments) are pure: two copies hold nothing between them.
await build({
  ...ESM_BUILD,
  plugins: [builtLater(loadedLater, "./"), ...WHOLE_BUNDLE.plugins],
  entryPoints: { interactive: "src/cli/interactive.ts" },
  entryNames: "chunks/[name]",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  splitting: false,
  metafile: false,
  // A script has no import.meta: its URL is made from the __filename Node's CommonJS wrapper passes in.
  banner: { js: 'var __import_meta_url=require("node:url").pathToFileURL(__filename).href;' },
  define: { ...ESM_BUILD.define, "import.meta.url": "__import_meta_url" },
});

// cli.js carries each script's SHA-256, which names its code cache (src/cli/cached-script.ts) without hashing it at each start.
const scriptDigests = {};
for (const script of ["tui.cjs", "chunks/interactive.cjs"])
  scriptDigests[script] = createHash("sha256")
    .update(await readFile(`dist/${script}`))
    .digest("hex");
const cli = await build({
  ...ESM_BUILD,
  plugins: [builtLater(loadedLater, "./chunks/"), ...WHOLE_BUNDLE.plugins],
  entryPoints: { cli: "app/main.ts" },
  define: { ...ESM_BUILD.define, MINI_CC_SCRIPT_DIGESTS: JSON.stringify(scriptDigests) },
  entryNames: "[name]",
});
// Grep's worker and the reaper each as one file: sharing a chunk with cli.js would add a file to every start.
const workers = await build({
  ...ESM_BUILD,
  splitting: false,
  entryPoints: { "grep-worker": "src/tools/grep-worker.ts", reaper: "src/processes/reaper-main.ts" },
  entryNames: "[name]",
});

const later = await build({
  ...ESM_BUILD,
  entryPoints: Object.fromEntries([...loadedLater].map(([path, name]) => [name, path])),
  entryNames: "chunks/[name]",
});
await dropUnusedRequireBanners([cli, workers, later].flatMap((built) => Object.keys(built.metafile.outputs)));

// The sandbox runtime's seccomp helper (apply-seccomp, per architecture): the bundled runtime looks for it
// in dist/vendor/seccomp/, beside dist/chunks/ where its code lands. Loaded only when something runs sandboxed.
await cp("node_modules/@anthropic-ai/sandbox-runtime/vendor/seccomp", "dist/vendor/seccomp", {
  recursive: true,
  filter: (source) => !source.endsWith(".ts"),
});

// The bash parser's WebAssembly (src/agent/shell-parser.ts reads them from dist/wasm/).
await mkdir("dist/wasm");
await copyFile("node_modules/web-tree-sitter/web-tree-sitter.wasm", "dist/wasm/web-tree-sitter.wasm");
await copyFile("node_modules/tree-sitter-bash/tree-sitter-bash.wasm", "dist/wasm/tree-sitter-bash.wasm");
