/**
 * Files the build puts beside dist/cli.js (scripts/build.mjs): a worker
 * entry, WebAssembly binaries. Code that needs one may itself sit in
 * dist/chunks/, and runs from source (.ts) under tests.
 */

/** The URL of `name` beside dist/cli.js, seen from the module at `moduleUrl`; undefined when running from source. */
export function distAsset(name: string, moduleUrl: string): URL | undefined {
  if (moduleUrl.endsWith(".ts")) return undefined;
  return new URL(moduleUrl.includes("/chunks/") ? `../${name}` : `./${name}`, moduleUrl);
}
