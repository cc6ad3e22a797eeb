/** Where Yoga's WebAssembly comes from in the bundles: never through fetch(), and for dist/tui.cjs from a file beside it. */
import type { Plugin } from "esbuild";
import { readFile, writeFile } from "node:fs/promises";
import { edited } from "./text-edits.ts";

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
