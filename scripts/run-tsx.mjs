// Runs a .tsx entry point: Node's type stripping does not do JSX, so bundle it
// with esbuild into .tmp/ (dependencies stay external) and import that.
// Usage: node scripts/run-tsx.mjs examples/tui-demo.tsx [args…]
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { bundleEntry } from "./ink-bundle.ts";

const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  process.stderr.write("usage: node scripts/run-tsx.mjs FILE.tsx [args…]\n");
  process.exit(2);
}
const outfile = resolve(".tmp", `${basename(entry).replace(/\.[cm]?tsx?$/, "")}.mjs`);
await bundleEntry(entry, outfile, { externalPackages: true });
process.argv = [process.argv[0], outfile, ...rest];
await import(pathToFileURL(outfile).href);
