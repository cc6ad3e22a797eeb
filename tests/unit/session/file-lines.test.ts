import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readRange, scanLines } from "../../../src/session/file-lines.ts";

const dir = mkdtempSync(join(tmpdir(), "mini-cc-lines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines scanLines shows for `text` (its first `size` bytes, all by default), decoded, each with its offset checked against readRange. */
function linesOf(text: string, size?: number): string[] {
  const file = join(dir, "f.txt");
  writeFileSync(file, text);
  const fd = openSync(file, "r");
  try {
    const lines: string[] = [];
    scanLines(fd, size ?? Buffer.byteLength(text), (bytes, start, end, offset) => {
      const line = bytes.toString("utf8", start, end);
      expect(readRange(fd, offset + start, offset + end).toString("utf8")).toBe(line);
      lines.push(line);
    });
    return lines;
  } finally {
    closeSync(fd);
  }
}

describe("a file's lines, found a chunk at a time", () => {
  it("gives every line without its newline, the last one with or without one", () => {
    expect(linesOf("a\nbé\n\nc")).toEqual(["a", "bé", "", "c"]);
    expect(linesOf("a\nb\n")).toEqual(["a", "b"]);
    expect(linesOf("")).toEqual([]);
  });

  it("follows lines across chunks, and a line longer than a chunk whole", () => {
    const long = "x".repeat(200_000);
    const lines = [
      "first",
      long,
      ...Array.from({ length: 5000 }, (_, i) => `line ${i} ${"y".repeat(i % 50)}`),
      `${long}😀`,
      "last",
    ];
    expect(linesOf(lines.join("\n"))).toEqual(lines);
  });

  it("reads only the bytes it was given, as a file appended to meanwhile would be", () => {
    expect(linesOf("one\ntwo\nthree\n", "one\ntwo\n".length)).toEqual(["one", "two"]);
    expect(linesOf("one\ntwo\nthree\n", "one\ntw".length)).toEqual(["one", "tw"]);
  });
});
