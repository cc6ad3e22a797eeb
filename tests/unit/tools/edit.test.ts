import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EditTool } from "../../../src/tools/edit.ts";
import { changedExcerpt } from "../../../src/tools/file-excerpt.ts";

const edit = new EditTool();
let dir: string;
const ctx = () => ({ cwd: dir, signal: new AbortController().signal });
const file = (name: string) => path.join(dir, name);
const content = (name: string) => readFile(file(name), "utf8");

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mini-cc-edit-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const POSTS = "function listPosts(posts) {\n  return posts;\n}\n";

describe("Edit", () => {
  it("replaces a unique match and shows a numbered snippet", async () => {
    await writeFile(file("posts.ts"), POSTS);
    const result = await edit.run(
      {
        file_path: "posts.ts",
        old_string: "function listPosts(posts) {\n  return posts;",
        new_string:
          "function listPosts(posts, page = 1, pageSize = 20) {\n  const start = (page - 1) * pageSize;\n  return posts.slice(start, start + pageSize);",
      },
      ctx(),
    );
    expect(result).toEqual({
      content:
        "The file posts.ts has been updated (1 replacement). Snippet:\n" +
        "     1\tfunction listPosts(posts, page = 1, pageSize = 20) {\n" +
        "     2\t  const start = (page - 1) * pageSize;\n" +
        "     3\t  return posts.slice(start, start + pageSize);\n" +
        "     4\t}",
      isError: false,
      // What changed, kept for the resumed transcript's diff.
      change: changedExcerpt(POSTS, await content("posts.ts")),
    });
    expect(await content("posts.ts")).toBe(
      "function listPosts(posts, page = 1, pageSize = 20) {\n  const start = (page - 1) * pageSize;\n  return posts.slice(start, start + pageSize);\n}\n",
    );
  });

  it("shows four lines of context around the change in the snippet", async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    await writeFile(file("f.txt"), lines.join("\n") + "\n");
    const result = await edit.run({ file_path: "f.txt", old_string: "line 10\n", new_string: "ten\nTEN\n" }, ctx());
    expect(result.content).toBe(
      "The file f.txt has been updated (1 replacement). Snippet:\n" +
        ["line 6", "line 7", "line 8", "line 9", "ten", "TEN", "line 11", "line 12", "line 13", "line 14"]
          .map((l, i) => `${String(6 + i).padStart(6)}\t${l}`)
          .join("\n"),
    );
  });

  it("refuses an ambiguous match and says how many there are", async () => {
    await writeFile(file("f.ts"), "x = 1;\nx = 1;\nx = 1;\n");
    expect(await edit.run({ file_path: "f.ts", old_string: "x = 1;", new_string: "x = 2;" }, ctx())).toEqual({
      content:
        "Found 3 matches of the string to replace in f.ts, but replace_all is false. Add more context to make it unique, or set replace_all.",
      isError: true,
    });
    expect(await content("f.ts")).toBe("x = 1;\nx = 1;\nx = 1;\n");
  });

  it("reports a string that is not in the file", async () => {
    await writeFile(file("posts.ts"), POSTS);
    expect(await edit.run({ file_path: "posts.ts", old_string: "return all;", new_string: "x" }, ctx())).toEqual({
      content: "String to replace not found in posts.ts.",
      isError: true,
    });
    expect(await content("posts.ts")).toBe(POSTS);
  });

  it("replaces every match with replace_all and counts them", async () => {
    await writeFile(file("f.ts"), "a\nx\na\na\n");
    const result = await edit.run({ file_path: "f.ts", old_string: "a", new_string: "b", replace_all: true }, ctx());
    expect(result.content).toBe(
      "The file f.ts has been updated (3 replacements). Snippet:\n     1\tb\n     2\tx\n     3\tb\n     4\tb",
    );
    expect(await content("f.ts")).toBe("b\nx\nb\nb\n");
  });

  it("inserts replacement patterns like $& literally", async () => {
    await writeFile(file("f.ts"), "price\n");
    await edit.run({ file_path: "f.ts", old_string: "price", new_string: "$& $1 $$" }, ctx());
    expect(await content("f.ts")).toBe("$& $1 $$\n");
  });

  it("keeps a CRLF file's line endings", async () => {
    await writeFile(file("dos.txt"), "one\r\ntwo\r\nthree\r\n");
    const result = await edit.run({ file_path: "dos.txt", old_string: "one\ntwo", new_string: "1\n2" }, ctx());
    expect(result.content).toBe(
      "The file dos.txt has been updated (1 replacement). Snippet:\n     1\t1\n     2\t2\n     3\tthree",
    );
    expect(await content("dos.txt")).toBe("1\r\n2\r\nthree\r\n");
  });

  it("refuses identical old_string and new_string", async () => {
    await writeFile(file("f.ts"), "a\n");
    expect(await edit.run({ file_path: "f.ts", old_string: "a", new_string: "a" }, ctx())).toEqual({
      content: "Edit: old_string and new_string are the same; there is nothing to change.",
      isError: true,
    });
  });

  it("says a missing file does not exist", async () => {
    expect(await edit.run({ file_path: "nope.ts", old_string: "a", new_string: "b" }, ctx())).toEqual({
      content: "File does not exist: nope.ts",
      isError: true,
    });
  });

  it("creates a missing file when old_string is empty", async () => {
    expect(await edit.run({ file_path: "new/f.ts", old_string: "", new_string: "hello\n" }, ctx())).toEqual({
      content: "File created successfully at: new/f.ts",
      isError: false,
      change: { firstLine: 1, before: "", after: "hello\n" },
    });
    expect(await content("new/f.ts")).toBe("hello\n");
  });

  it("refuses an empty old_string on a file with content", async () => {
    await writeFile(file("f.ts"), "a\n");
    expect(await edit.run({ file_path: "f.ts", old_string: "", new_string: "b" }, ctx())).toEqual({
      content:
        "Edit: old_string is empty but f.ts already has content; give the text to replace, or use Write to replace the whole file.",
      isError: true,
    });
  });

  it("names the field when the input has the wrong type", async () => {
    expect(await edit.run({ file_path: "f.ts", old_string: 1, new_string: "b" }, ctx())).toEqual({
      content: "Edit: old_string must be a string",
      isError: true,
    });
    expect(await edit.run({ file_path: "f.ts", old_string: "a", new_string: "b", replace_all: "yes" }, ctx())).toEqual({
      content: "Edit: replace_all must be a boolean",
      isError: true,
    });
  });

  it("cuts the snippet of a huge new_string at the built-in tools' cap, naming offset and limit", async () => {
    await writeFile(file("big.txt"), "start\n");
    const huge = Array.from({ length: 20_000 }, (_, i) => `generated line ${i}`).join("\n");
    const result = await edit.run({ file_path: "big.txt", old_string: "start", new_string: huge }, ctx());
    const text = String(result.content);
    expect(text.length).toBeLessThan(100_300);
    expect(text).toMatch(
      /\n\n\(Output cut at about 25,000 tokens, [\d,]+ characters in all\. Read big\.txt with offset and limit to see the rest\.\)$/,
    );
    expect(await content("big.txt")).toBe(`${huge}\n`);
  });

  it("targets and summarizes the file path and counts as a file edit", () => {
    expect(edit.targetPaths({ file_path: "/abs/posts.ts" })).toEqual(["/abs/posts.ts"]);
    expect(edit.summarize({ file_path: "posts.ts" })).toBe("posts.ts");
    expect([edit.readOnly, edit.editsFiles]).toEqual([false, true]);
  });
});
