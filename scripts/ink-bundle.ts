/**
 * esbuild settings for code that renders with Ink: the CLI bundle, the
 * examples and the pty tests all bundle through here.
 */
import { build, type Plugin } from "esbuild";
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
    b.onResolve({ filter: /^string-width$/ }, (args) => (args.importer === FAST_STRING_WIDTH ? undefined : { path: FAST_STRING_WIDTH }));
  },
};

/** Some bundled dependencies are CommonJS and call require(): give the ESM bundle one. */
export const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** What a self-contained bundle needs: the stub, a require(), and React's production build. */
export const WHOLE_BUNDLE = {
  plugins: [stubReactDevtools, fastStringWidth],
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
