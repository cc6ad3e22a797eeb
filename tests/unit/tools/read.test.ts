import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ReadTool } from "../../../src/tools/read.ts";

const read = new ReadTool();
let dir: string;
const ctx = () => ({ cwd: dir, signal: new AbortController().signal });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mini-cc-read-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

describe("Read", () => {
  it("numbers lines like cat -n", async () => {
    await writeFile(path.join(dir, "posts.ts"), "function listPosts(posts) {\n  return posts;\n}\n");
    expect(await read.run({ file_path: "posts.ts" }, ctx())).toEqual({
      content: "     1\tfunction listPosts(posts) {\n     2\t  return posts;\n     3\t}",
      isError: false,
    });
  });

  it("reads an absolute path as well as a relative one", async () => {
    await writeFile(path.join(dir, "a.txt"), "x");
    const absolute = path.join(dir, "a.txt");
    expect((await read.run({ file_path: absolute }, ctx())).content).toBe("     1\tx");
  });

  it("starts at offset and stops after limit, saying how to read on", async () => {
    await writeFile(path.join(dir, "f.txt"), lines(5));
    expect((await read.run({ file_path: "f.txt", offset: 2, limit: 2 }, ctx())).content).toBe(
      "     2\tline 2\n     3\tline 3\n\n(Showing lines 2-3 of 5. Use offset=4 to read on.)",
    );
  });

  it("reads at most 2000 lines by default", async () => {
    await writeFile(path.join(dir, "big.txt"), lines(2001));
    const text = (await read.run({ file_path: "big.txt" }, ctx())).content as string;
    expect(text.split("\n").slice(-3)).toEqual([
      "  2000\tline 2000",
      "",
      "(Showing lines 1-2000 of 2001. Use offset=2001 to read on.)",
    ]);
  });

  it("returns at most about 25,000 tokens, saying which lines it showed and naming offset and limit", async () => {
    // 2000 lines of 1000 characters: 2 MB, far past the cap of 100,000 characters.
    await writeFile(path.join(dir, "huge.txt"), Array.from({ length: 2000 }, () => "x".repeat(1000)).join("\n"));
    const text = (await read.run({ file_path: "huge.txt" }, ctx())).content as string;
    expect(text.length).toBeLessThan(100_400);
    expect(text.split("\n").at(-1)).toBe(
      "(Cut at about 25,000 tokens, the most one Read returns: showing lines 1-99 of 2000. " +
        "Read on with offset=100 and a smaller limit, or use Grep to find the part you need.)",
    );
  });

  it("reports an offset past the end as an error", async () => {
    await writeFile(path.join(dir, "f.txt"), lines(3));
    expect(await read.run({ file_path: "f.txt", offset: 9 }, ctx())).toEqual({
      content: "The file f.txt has 3 lines; offset 9 is past its end.",
      isError: true,
    });
  });

  it("cuts lines longer than 2000 characters", async () => {
    await writeFile(path.join(dir, "wide.txt"), "a".repeat(2500));
    expect((await read.run({ file_path: "wide.txt" }, ctx())).content).toBe(
      `     1\t${"a".repeat(2000)}… (line cut at 2000 characters)`,
    );
  });

  it("shows CRLF lines without their carriage returns", async () => {
    await writeFile(path.join(dir, "dos.txt"), "one\r\ntwo\r\n");
    expect((await read.run({ file_path: "dos.txt" }, ctx())).content).toBe("     1\tone\n     2\ttwo");
  });

  it("says a missing file does not exist", async () => {
    expect(await read.run({ file_path: "nope.ts" }, ctx())).toEqual({
      content: "File does not exist: nope.ts",
      isError: true,
    });
  });

  it("points at Glob for a directory", async () => {
    await mkdir(path.join(dir, "src"));
    expect(await read.run({ file_path: "src" }, ctx())).toEqual({
      content: "src is a directory; use Glob or Bash ls to list it",
      isError: true,
    });
  });

  it("refuses a binary file", async () => {
    await writeFile(path.join(dir, "blob.bin"), Buffer.from([0x41, 0x00, 0x42]));
    expect(await read.run({ file_path: "blob.bin" }, ctx())).toEqual({
      content: "blob.bin is a binary file",
      isError: true,
    });
  });

  it("notes an empty file", async () => {
    await writeFile(path.join(dir, "empty.txt"), "");
    expect(await read.run({ file_path: "empty.txt" }, ctx())).toEqual({
      content: "The file empty.txt exists but is empty.",
      isError: false,
    });
  });

  it("returns an image as a base64 image block", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]);
    await writeFile(path.join(dir, "dot.PNG"), png);
    expect(await read.run({ file_path: "dot.PNG" }, ctx())).toEqual({
      content: [
        { type: "text", text: "Image dot.PNG (image/png, 6 bytes)" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: png.toString("base64") } },
      ],
      isError: false,
    });
  });

  it("names the field when the input has the wrong type", async () => {
    expect(await read.run({ file_path: 7 }, ctx())).toEqual({
      content: "Read: file_path must be a string",
      isError: true,
    });
    expect(await read.run({ file_path: "a", limit: 0 }, ctx())).toEqual({
      content: "Read: limit must be at least 1",
      isError: true,
    });
  });

  it("targets and summarizes the file path", () => {
    expect(read.targetPaths({ file_path: "posts.ts" })).toEqual(["posts.ts"]);
    expect(read.summarize({ file_path: "posts.ts" })).toBe("posts.ts");
    expect(read.readOnly).toBe(true);
  });
});
