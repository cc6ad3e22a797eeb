import { describe, expect, it } from "vitest";
import { RootsStore, rootsOf } from "../../../src/mcp/requests/roots.ts";

describe("roots", () => {
  it("offers the project and each --add-dir folder once, as file:// URIs", () => {
    expect(rootsOf("/work/app", ["../lib", "/work/app", "/tmp/a b"])).toEqual([
      { uri: "file:///work/app", name: "app" },
      { uri: "file:///work/lib", name: "lib" },
      { uri: "file:///tmp/a%20b", name: "a b" },
    ]);
  });

  it("tells listeners only when the folders really change", () => {
    const roots = new RootsStore("/work/app");
    let changes = 0;
    roots.subscribe(() => changes++);
    roots.setFolders([]);
    roots.setFolders(["/work/lib"]);
    roots.setFolders(["/work/lib"]);
    expect(changes).toBe(1);
    expect(roots.getSnapshot().map((root) => root.uri)).toEqual(["file:///work/app", "file:///work/lib"]);
  });
});
