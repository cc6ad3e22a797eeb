import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GlobTool } from "../../../src/tools/glob.ts";

const glob = new GlobTool();
let dir: string;
const ctx = () => ({ cwd: dir, signal: new AbortController().signal });

/** Writes files with the given modification times (seconds since the epoch). */
async function files(entries: Record<string, number>): Promise<void> {
  for (const [name, mtime] of Object.entries(entries)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, "");
    await utimes(file, mtime, mtime);
  }
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mini-cc-glob-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("Glob", () => {
  it("lists matching files newest first, skipping node_modules and .git", async () => {
    await files({ "old.ts": 1000, "src/new.ts": 3000, "src/mid.ts": 2000, "src/x.js": 4000 });
    await files({ "node_modules/dep/index.ts": 5000, ".git/hook.ts": 5000 });
    expect(await glob.run({ pattern: "**/*.ts" }, ctx())).toEqual({
      content: "src/new.ts\nsrc/mid.ts\nold.ts",
      isError: false,
    });
  });

  it("searches under path, showing paths relative to the working directory", async () => {
    await files({ "src/a.ts": 1000, "b.ts": 1000 });
    expect((await glob.run({ pattern: "*.ts", path: "src" }, ctx())).content).toBe("src/a.ts");
  });

  it("matches hidden files only when the pattern names them", async () => {
    await files({ ".github/ci.yml": 1000 });
    expect((await glob.run({ pattern: "**/*.yml" }, ctx())).content).toBe("No files found");
    expect((await glob.run({ pattern: ".github/*.yml" }, ctx())).content).toBe(".github/ci.yml");
  });

  it("caps the list at 100 files with a note", async () => {
    const many: Record<string, number> = {};
    for (let i = 0; i < 105; i++) many[`f${String(i).padStart(3, "0")}.txt`] = 1000;
    await files(many);
    const lines = ((await glob.run({ pattern: "*.txt" }, ctx())).content as string).split("\n");
    expect(lines.length).toBe(101);
    expect(lines.slice(98)).toEqual([
      "f098.txt",
      "f099.txt",
      "(Showing the 100 most recently modified of 105 files. Use a more specific path or pattern.)",
    ]);
  });

  it("reports a missing folder and a file given as the folder", async () => {
    await files({ "a.ts": 1000 });
    expect(await glob.run({ pattern: "*", path: "nope" }, ctx())).toEqual({
      content: "Directory does not exist: nope",
      isError: true,
    });
    expect(await glob.run({ pattern: "*", path: "a.ts" }, ctx())).toEqual({
      content: "a.ts is not a directory",
      isError: true,
    });
  });

  it("targets the path and summarizes the pattern", () => {
    expect(glob.targetPaths({ pattern: "**/*.ts", path: "/elsewhere" })).toEqual(["/elsewhere"]);
    expect(glob.targetPaths({ pattern: "**/*.ts" })).toEqual(["."]);
    expect(glob.targetPaths({ pattern: "/etc/ssh/*.conf", path: "." })).toEqual(["/etc/ssh"]);
    expect(glob.targetPaths({ pattern: "/*" })).toEqual(["/"]);
    expect(glob.targetPaths({ pattern: "../*" })).toEqual([".."]);
    expect(glob.targetPaths({ pattern: "src/../../../*.ts", path: "lib" })).toEqual([".."]);
    expect(() => glob.targetPaths({ pattern: "**/../../*" })).toThrow(/climbs out of its folder/);
    expect(() => glob.targetPaths({ pattern: "{/etc/passwd,x}" })).toThrow(/climbs out of its folder/);
    expect(glob.summarize({ pattern: "**/*.ts" })).toBe("**/*.ts");
    expect(glob.readOnly).toBe(true);
  });

  it("reports an aborted search as an error result", async () => {
    await files({ "a.ts": 1000 });
    const signal = AbortSignal.abort();
    expect(await glob.run({ pattern: "**/*.ts" }, { cwd: dir, signal })).toEqual({
      content: "Glob was aborted",
      isError: true,
    });
  });
});
