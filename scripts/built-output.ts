/** Edits to what esbuild wrote, made once a build is done (scripts/build.mjs). */
import { transform } from "esbuild";
import { readFile, writeFile } from "node:fs/promises";
import { REQUIRE_BANNER } from "./ink-bundle.ts";

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
