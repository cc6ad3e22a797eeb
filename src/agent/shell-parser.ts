/**
 * A bash parser: tree-sitter's bash grammar, run as WebAssembly. Loaded only
 * when a rule needs to look inside shell commands (about 50 ms once); after
 * that, parsing is synchronous and takes well under a millisecond.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Node } from "web-tree-sitter";
import { distAsset } from "../dist-assets.ts";

/** Parses a command line into tree-sitter-bash's syntax tree. */
export interface ShellParser {
  /** The root `program` node, or undefined when the parser gave up. */
  parse(command: string): Node | undefined;
}

/** Loads the WebAssembly runtime and the bash grammar. */
export async function loadShellParser(): Promise<ShellParser> {
  const { Parser, Language } = await import("web-tree-sitter");
  const [runtime, grammar] = await Promise.all([
    wasmBytes("web-tree-sitter.wasm", "web-tree-sitter/web-tree-sitter.wasm"),
    wasmBytes("tree-sitter-bash.wasm", "tree-sitter-bash/tree-sitter-bash.wasm"),
  ]);
  await Parser.init({ wasmBinary: runtime });
  const parser = new Parser();
  parser.setLanguage(await Language.load(grammar));
  return { parse: (command) => parser.parse(command)?.rootNode };
}

/** A WebAssembly file: in dist/wasm/ when bundled, from its package when run from source. */
async function wasmBytes(name: string, packagePath: string): Promise<Uint8Array> {
  const bundled = distAsset(`wasm/${name}`, import.meta.url);
  return readFile(bundled ?? createRequire(import.meta.url).resolve(packagePath));
}
