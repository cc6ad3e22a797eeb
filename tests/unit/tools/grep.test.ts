import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GrepTool } from "../../../src/tools/grep.ts";

const grep = new GrepTool();
let dir: string;
const ctx = () => ({ cwd: dir, signal: new AbortController().signal });

async function files(entries: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(entries)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mini-cc-grep-"));
  await files({
    "src/posts.ts": "function listPosts(posts) {\n  return posts;\n}\n",
    "src/users.ts": "// TODO: paginate posts\nexport const users = [];\n",
    "README.md": "Posts are listed by listPosts.\n",
    "node_modules/dep/posts.ts": "posts\n",
    ".git/posts": "posts\n",
    "blob.bin": Buffer.from("posts\0"),
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("Grep", () => {
  it("lists matching files in path order by default, skipping node_modules, .git and binaries", async () => {
    expect(await grep.run({ pattern: "posts" }, ctx())).toEqual({
      content: "src/posts.ts\nsrc/users.ts",
      isError: false,
    });
  });

  it("shows path:line:text in content mode", async () => {
    expect((await grep.run({ pattern: "posts", output_mode: "content" }, ctx())).content).toBe(
      "src/posts.ts:1:function listPosts(posts) {\nsrc/posts.ts:2:  return posts;\nsrc/users.ts:1:// TODO: paginate posts",
    );
  });

  it("drops line numbers when -n is false", async () => {
    expect((await grep.run({ pattern: "return", output_mode: "content", "-n": false }, ctx())).content).toBe(
      "src/posts.ts:  return posts;",
    );
  });

  it("counts matching lines per file", async () => {
    expect((await grep.run({ pattern: "posts", output_mode: "count" }, ctx())).content).toBe(
      "src/posts.ts:2\nsrc/users.ts:1",
    );
  });

  it("ignores case with -i", async () => {
    expect((await grep.run({ pattern: "^posts", "-i": true }, ctx())).content).toBe("README.md");
  });

  it("filters files by glob at any depth", async () => {
    expect((await grep.run({ pattern: "list", glob: "*.md" }, ctx())).content).toBe("README.md");
  });

  it("searches a single file given as path", async () => {
    expect((await grep.run({ pattern: "TODO", path: "src/users.ts", output_mode: "content" }, ctx())).content).toBe(
      "src/users.ts:1:// TODO: paginate posts",
    );
  });

  it("says when nothing matches", async () => {
    expect(await grep.run({ pattern: "zebra" }, ctx())).toEqual({ content: "No files found", isError: false });
    expect((await grep.run({ pattern: "zebra", output_mode: "content" }, ctx())).content).toBe("No matches found");
  });

  it("caps results at 250 lines with a note", async () => {
    await files({ "many.txt": "hit\n".repeat(300) });
    const lines = ((await grep.run({ pattern: "hit", output_mode: "content" }, ctx())).content as string).split("\n");
    expect(lines.length).toBe(251);
    expect(lines.slice(249)).toEqual([
      "many.txt:250:hit",
      "(Results cut at 250 lines. Narrow the path, glob or pattern.)",
    ]);
  });

  it("reports an invalid regular expression", async () => {
    expect(await grep.run({ pattern: "(" }, ctx())).toEqual({
      content: "Grep: Invalid regular expression: /(/: Unterminated group",
      isError: true,
    });
  });

  it("names the field when the input is wrong", async () => {
    expect(await grep.run({ pattern: "x", output_mode: "lines" }, ctx())).toEqual({
      content: 'Grep: output_mode must be one of "content", "files_with_matches", "count"',
      isError: true,
    });
    expect(await grep.run({ pattern: "x", path: "nope" }, ctx())).toEqual({
      content: "Path does not exist: nope",
      isError: true,
    });
  });

  it("targets the path and summarizes the pattern", () => {
    expect(grep.targetPaths({ pattern: "TODO", path: "src" })).toEqual(["src", "src"]);
    expect(grep.targetPaths({ pattern: "root", glob: "../../etc/passwd" })).toEqual([".", "../../etc/passwd"]);
    expect(grep.targetPaths({ pattern: "x", path: "src", glob: "/etc/*.conf" })).toEqual(["src", "/etc"]);
    expect(grep.summarize({ pattern: "TODO" })).toBe("TODO");
    expect(grep.readOnly).toBe(true);
  });

  it("reports an aborted search as an error result", async () => {
    const signal = AbortSignal.abort();
    expect(await grep.run({ pattern: "posts" }, { cwd: dir, signal })).toEqual({
      content: "Grep was aborted",
      isError: true,
    });
  });

  it("stops a pattern that backtracks for ever at its time limit, and searches on afterwards", async () => {
    await files({ "long.txt": `${"a".repeat(40)}b\n` });
    const limited = new GrepTool({ timeLimitMs: 300 });
    const started = Date.now();
    expect(await limited.run({ pattern: "^(a+)+$" }, ctx())).toEqual({
      content:
        "Grep stopped after 0.3 s: the pattern took too long to match (nested repetition like (a+)+ can backtrack for ever). " +
        "Simplify the pattern or narrow path and glob.",
      isError: true,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await limited.run({ pattern: "listPosts", path: "src" }, ctx())).toEqual({
      content: "src/posts.ts",
      isError: false,
    });
  });

  it("stops a runaway search as soon as its call is aborted", async () => {
    await files({ "long.txt": `${"a".repeat(40)}b\n` });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    expect(await grep.run({ pattern: "^(a+)+$" }, { cwd: dir, signal: controller.signal })).toEqual({
      content: "Grep was aborted",
      isError: true,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
