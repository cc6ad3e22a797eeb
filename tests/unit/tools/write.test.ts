import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WriteTool } from "../../../src/tools/write.ts";

const write = new WriteTool();
let dir: string;
const ctx = () => ({ cwd: dir, signal: new AbortController().signal });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mini-cc-write-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("Write", () => {
  it("creates a file and its missing parent folders", async () => {
    expect(await write.run({ file_path: "a/b/c.txt", content: "hi\n" }, ctx())).toEqual({
      content: "File created successfully at: a/b/c.txt",
      isError: false,
      change: { firstLine: 1, before: "", after: "hi\n" },
    });
    expect(await readFile(path.join(dir, "a/b/c.txt"), "utf8")).toBe("hi\n");
  });

  it("replaces an existing file, keeps its mode and leaves no temp file", async () => {
    const target = path.join(dir, "run.sh");
    await writeFile(target, "old");
    await chmod(target, 0o755);
    expect(await write.run({ file_path: "run.sh", content: "new" }, ctx())).toEqual({
      content: "The file run.sh has been updated.",
      isError: false,
      change: { firstLine: 1, before: "old", after: "new" },
    });
    expect(await readFile(target, "utf8")).toBe("new");
    expect((await stat(target)).mode & 0o777).toBe(0o755);
    expect(await readdir(dir)).toEqual(["run.sh"]);
  });

  it("refuses a directory", async () => {
    await mkdir(path.join(dir, "src"));
    expect(await write.run({ file_path: "src", content: "x" }, ctx())).toEqual({
      content: "src is a directory; give a file path",
      isError: true,
    });
  });

  it("names the field when the input has the wrong type", async () => {
    expect(await write.run({ file_path: "a.txt" }, ctx())).toEqual({
      content: "Write: content must be a string",
      isError: true,
    });
  });

  it("targets and summarizes the file path and counts as a file edit", () => {
    expect(write.targetPaths({ file_path: "a.txt", content: "" })).toEqual(["a.txt"]);
    expect(write.summarize({ file_path: "a.txt", content: "" })).toBe("a.txt");
    expect([write.readOnly, write.editsFiles]).toEqual([false, true]);
  });
});
