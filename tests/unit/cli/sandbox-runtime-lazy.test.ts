// The sandbox runtime loads only when something runs sandboxed: no chunk the CLI imports statically holds it,
// nor the UI's bundle, so a session without sandboxed servers starts (and draws its first frame) as before.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, interactiveChunk, staticGraph } from "../../helpers/dist-graph.ts";

/** A string only the runtime's code holds (its violation monitor's socket folder). */
const RUNTIME_MARK = "srt-obs-";

describe.skipIf(!existsSync(join(DIST, "cli.js")))("the built CLI and the sandbox runtime", () => {
  it("is in a chunk of its own, imported only dynamically", () => {
    const statics = [...staticGraph(join(DIST, "cli.js")), ...staticGraph(interactiveChunk())];
    expect(statics.length).toBeGreaterThan(1);
    expect(statics.filter((file) => readFileSync(file, "utf8").includes(RUNTIME_MARK))).toEqual([]);
    expect(readFileSync(join(DIST, "tui.cjs"), "utf8")).not.toContain(RUNTIME_MARK);
  });

  it("ships its seccomp helper where the bundled runtime looks for it", () => {
    expect(existsSync(join(DIST, "vendor/seccomp/x64/apply-seccomp"))).toBe(true);
    expect(existsSync(join(DIST, "vendor/seccomp/arm64/apply-seccomp"))).toBe(true);
  });
});
