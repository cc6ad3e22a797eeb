import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveModelScript } from "../../../src/cli/model-script-path.ts";

const root = mkdtempSync(join(tmpdir(), "model-script-path-"));
const install = join(root, "mini-cc");
const elsewhere = join(root, "my-project");
mkdirSync(join(install, "examples"), { recursive: true });
mkdirSync(join(elsewhere, "examples"), { recursive: true });
writeFileSync(join(install, "examples/ch15.json"), "{}");
writeFileSync(join(elsewhere, "examples/mine.json"), "{}");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("resolveModelScript", () => {
  it("finds the README's examples/ch15.json in the installation when run from another folder", () => {
    expect(resolveModelScript("examples/ch15.json", elsewhere, install)).toBe(join(install, "examples/ch15.json"));
  });

  it("prefers the file beside the user, and leaves absolute and missing paths as given", () => {
    expect(resolveModelScript("examples/mine.json", elsewhere, install)).toBe("examples/mine.json");
    expect(resolveModelScript("examples/ch15.json", install, install)).toBe("examples/ch15.json");
    expect(resolveModelScript(join(root, "nope.json"), elsewhere, install)).toBe(join(root, "nope.json"));
    expect(resolveModelScript("nope.json", elsewhere, install)).toBe("nope.json");
  });
});
