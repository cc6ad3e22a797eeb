// What the TUI loads before its first frame (cli.js and the interactive chunk, statically) leaves out
// what a session without it never needs: the YAML parser loads only when a subagent file exists.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, interactiveChunk, staticGraph } from "../../helpers/dist-graph.ts";

/** A string only the yaml package's code holds (its error class's name). */
const YAML_MARK = "YAMLParseError";

describe.skipIf(!existsSync(join(DIST, "cli.js")))("the built CLI's first-frame chunks", () => {
  it("leave the YAML parser to a chunk loaded with the first agent file", () => {
    const firstFrame = [...staticGraph(join(DIST, "cli.js")), ...staticGraph(interactiveChunk())];
    expect(firstFrame.filter((file) => readFileSync(file, "utf8").includes(YAML_MARK))).toEqual([]);
    expect(readFileSync(join(DIST, "tui.cjs"), "utf8")).not.toContain(YAML_MARK);
  });
});

describe.skipIf(!existsSync(join(DIST, "tui.cjs")))("the built UI's bundle", () => {
  // One character past ASCII (a ✘ in a regular expression, which esbuild leaves as written) turns the whole
  // 600 KB source into a two-byte string: slower to read, hash and compile before every first frame (~5 ms of CPU).
  it("is ASCII only", () => {
    const source = readFileSync(join(DIST, "tui.cjs"), "utf8");
    const first = /[^\x00-\x7f]/.exec(source);
    expect(first && source.slice(Math.max(0, first.index - 60), first.index + 20)).toBeNull();
  });
});
