// What the TUI loads before its first frame (cli.js and the interactive script) leaves out
// what a session without it never needs: the YAML parser loads only when a subagent file exists.
import { transform } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REQUIRE_BANNER } from "../../../scripts/ink-bundle.ts";
import { DIST, interactiveChunk, staticGraph } from "../../helpers/dist-graph.ts";

/** A string only the yaml package's code holds (its error class's name). */
const YAML_MARK = "YAMLParseError";

describe.skipIf(!existsSync(join(DIST, "cli.js")))("the built CLI's first-frame chunks", () => {
  it("leave the YAML parser to a chunk loaded with the first agent file", () => {
    const firstFrame = [...staticGraph(join(DIST, "cli.js")), ...staticGraph(interactiveChunk())];
    expect(firstFrame.filter((file) => readFileSync(file, "utf8").includes(YAML_MARK))).toEqual([]);
    expect(readFileSync(join(DIST, "tui.cjs"), "utf8")).not.toContain(YAML_MARK);
  });

  // Each file is a module for Node to resolve, read and link (~0.5 ms of CPU): what cli.js and interactive.cjs
  // load on demand is built apart (scripts/build.mjs), so no module they share with it becomes a chunk of its own.
  it("are cli.js and interactive.cjs alone", () => {
    expect([...staticGraph(join(DIST, "cli.js"))]).toEqual([join(DIST, "cli.js")]);
    expect([...staticGraph(interactiveChunk())]).toEqual([interactiveChunk()]);
    expect(readFileSync(interactiveChunk(), "utf8")).toMatch(/import\("\.\/later-open-connection\.js"\)/);
  });

  // createRequire() costs each file ~0.2 ms: only a file whose code calls require() has it.
  it("make a require() only where their code uses one", async () => {
    const firstFrame = [...staticGraph(join(DIST, "cli.js")), ...staticGraph(interactiveChunk())];
    const needless: string[] = [];
    for (const file of firstFrame) {
      const code = readFileSync(file, "utf8");
      if (!code.startsWith(REQUIRE_BANNER)) continue;
      const probed = await transform(code.slice(REQUIRE_BANNER.length), {
        format: "esm",
        define: { require: "__free_require__" },
      });
      if (!probed.code.includes("__free_require__")) needless.push(file);
    }
    expect(needless).toEqual([]);
  });
});

// The TUI's parts loaded on demand hold their own copy of src/errors.ts (scripts/build.mjs builds them apart from
// interactive.cjs): an error made by one copy is not an instance of the other's class, but it carries the mark.
describe("telling mini-cc's errors apart", () => {
  it("is by isMiniCcError's mark, never by instanceof", () => {
    const src = join(import.meta.dirname, "../../../src");
    const byClass = readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter(
        (file) => file.endsWith(".ts") && readFileSync(join(src, file), "utf8").includes("instanceof MiniCcError"),
      )
      .sort();
    expect(byClass).toEqual([]);
  });
});

describe.skipIf(!existsSync(join(DIST, "tui.cjs")))("the built UI's scripts", () => {
  const scripts = () => [join(DIST, "tui.cjs"), interactiveChunk()];

  // One character past ASCII (a ✘ in a regular expression, which esbuild leaves as written) turns a whole
  // 300–600 KB source into a two-byte string: slower to read, hash and compile before every first frame (~5 ms of CPU).
  it("are ASCII only", () => {
    for (const script of scripts()) {
      const source = readFileSync(script, "utf8");
      const first = /[^\x00-\x7f]/.exec(source);
      expect(first && `${script}: ${source.slice(Math.max(0, first.index - 60), first.index + 20)}`).toBeNull();
    }
  });

  // cli.js names each script's code cache by this digest (src/cli/cached-script.ts): a stale one would run old code.
  it("are named by their SHA-256 in cli.js, so no start hashes them", () => {
    for (const script of scripts()) {
      const digest = createHash("sha256").update(readFileSync(script)).digest("hex");
      expect(readFileSync(join(DIST, "cli.js"), "utf8")).toContain(`"${digest}"`);
    }
  });

  // Read from dist/yoga.wasm (scripts/ink-bundle.ts's yogaWasmBeside): 95 KB of base64 less to read and cache at each start.
  it("leaves Yoga's WebAssembly to a file beside it", () => {
    expect(readFileSync(join(DIST, "tui.cjs"), "utf8")).not.toMatch(/base64,[A-Za-z0-9+/]{100}/);
    expect(readFileSync(join(DIST, "yoga.wasm")).subarray(0, 4).toString("latin1")).toBe("\0asm");
  });
});
