// Bundles the CLI into one ESM file: start-up reads one file instead of
// resolving hundreds of modules (tsx would cost ~1.5 s a process).
import { build } from "esbuild";

await build({
  entryPoints: ["src/cli.ts"],
  outfile: "dist/cli.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: "linked",
  logLevel: "warning",
  // Some dependencies are CommonJS and call require(); give the bundle one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
