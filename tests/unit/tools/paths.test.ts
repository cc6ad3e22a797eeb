import { describe, expect, it } from "vitest";
import { displayPath, isInside, resolvePath } from "../../../src/tools/paths.ts";

describe("paths", () => {
  it("resolves relative paths against the working directory", () => {
    expect(resolvePath("/work/p", "src/a.ts")).toBe("/work/p/src/a.ts");
    expect(resolvePath("/work/p", "/etc/hosts")).toBe("/etc/hosts");
  });

  it("tells paths inside the working directory from those outside", () => {
    expect(
      ["/work/p", "/work/p/src/a.ts", "src/a.ts", "..name", "/work/p2/a", "../p2/a", "/etc/hosts", "a/../../x"].map(
        (p) => isInside("/work/p", p),
      ),
    ).toEqual([true, true, true, true, false, false, false, false]);
  });

  it("shows inside paths relative and outside paths absolute", () => {
    expect(["/work/p", "/work/p/src/a.ts", "/tmp/x"].map((p) => displayPath("/work/p", p))).toEqual([
      ".",
      "src/a.ts",
      "/tmp/x",
    ]);
  });
});
