import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../../src/fs/atomic-write.ts";
import { parseJsonText, readJsonFile, updateJsonFileAtomic } from "../../../src/fs/json-file.ts";
import { detectJsonStyle, formatJson } from "../../../src/fs/json-style.ts";
import { findJsonSyntaxError, lineColumnAt } from "../../../src/fs/json-syntax.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "mini-cc-json-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("parseJsonText", () => {
  it("locates an error V8 reports with a position", () => {
    expect(parseJsonText('{\n  "a": 1\n  "b": 2\n}')).toEqual({
      ok: false,
      line: 3,
      column: 3,
      message: "Expected ',' or '}' after property value",
    });
  });

  it("locates an error V8 reports without a position", () => {
    expect(parseJsonText('{\n  "a": tru\n}')).toEqual({
      ok: false,
      line: 2,
      column: 11,
      message: "Unexpected token '\\n'",
    });
  });

  it("points past the end of truncated input", () => {
    expect(parseJsonText('{"a": [1,')).toEqual({ ok: false, line: 1, column: 10, message: "unexpected end of input" });
  });

  it("accepts a leading byte-order mark", () => {
    expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });
});

describe("findJsonSyntaxError", () => {
  it("finds nothing wrong in valid JSON", () => {
    const text = '{"a": [1, -0.5e+3, 2E-2, true, false, null], "b\\u00e9\\n": {"c": ""}, "d": [[], {}]}';
    expect(JSON.parse(text)).toBeTruthy();
    expect(findJsonSyntaxError(text)).toBe(-1);
  });

  it("agrees with the line and column V8 reports", () => {
    const texts = ['{"a":1,}', "[1 2]", '{"a" 1}', '{"a":"x\n"}', "[01]", '{"a":1} x', '["\\q"]', "[1.]", "[-]"];
    for (const text of texts) {
      let v8 = "";
      try {
        JSON.parse(text);
      } catch (error) {
        v8 =
          /\(line (\d+) column (\d+)\)/
            .exec((error as Error).message)
            ?.slice(1)
            .join(":") ?? "";
      }
      const mine = lineColumnAt(text, findJsonSyntaxError(text));
      expect(`${text} ${mine.line}:${mine.column}`).toBe(`${text} ${v8}`);
    }
  });
});

describe("readJsonFile", () => {
  it("tells missing, invalid and ok apart", async () => {
    const file = join(dir, "x.json");
    expect(await readJsonFile(file)).toEqual({ kind: "missing" });
    await writeFile(file, "[1,]");
    expect(await readJsonFile(file)).toMatchObject({ kind: "invalid", line: 1, column: 4 });
    await writeFile(file, "[1]");
    expect(await readJsonFile(file)).toEqual({ kind: "ok", value: [1], text: "[1]" });
  });
});

describe("writeFileAtomic", () => {
  it("creates parent folders and leaves no temporary file", async () => {
    const file = join(dir, "a", "b", "c.json");
    await writeFileAtomic(file, "one");
    await writeFileAtomic(file, "two");
    expect(await readFile(file, "utf8")).toBe("two");
    expect(await readdir(join(dir, "a", "b"))).toEqual(["c.json"]);
  });
});

describe("updateJsonFileAtomic", () => {
  it("loses no key when many writers update the same file at once", async () => {
    const file = join(dir, "shared.json");
    const add = (key: string) =>
      updateJsonFileAtomic(file, (current) => {
        const doc = current.kind === "ok" ? (current.value as Record<string, number>) : {};
        doc[key] = 1;
        return { text: JSON.stringify(doc), result: undefined };
      });
    await Promise.all(Array.from({ length: 30 }, (_, i) => add(`k${i}`)));
    const doc = JSON.parse(await readFile(file, "utf8")) as Record<string, number>;
    expect(Object.keys(doc).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `k${i}`).sort());
    expect(await readdir(dir)).toEqual(["shared.json"]);
  });

  it("writes nothing when the update returns null text", async () => {
    const file = join(dir, "untouched.json");
    await writeFile(file, "not json");
    const result = await updateJsonFileAtomic(file, (current) => ({ text: null, result: current.kind }));
    expect(result).toBe("invalid");
    expect(await readFile(file, "utf8")).toBe("not json");
  });

  it("takes over a lock left by a crashed process once it is stale", async () => {
    const file = join(dir, "stale.json");
    await writeFile(`${file}.lock`, "12345\n");
    // Aged by its mtime rather than by waiting: a minute old is stale for staleMs 20.
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock`, minuteAgo, minuteAgo);
    await updateJsonFileAtomic(file, () => ({ text: "{}", result: undefined }), { staleMs: 20 });
    expect(await readdir(dir)).toEqual(["stale.json"]);
  });
});

describe("json style", () => {
  it("keeps tabs and CRLF line endings", () => {
    const style = detectJsonStyle('{\r\n\t"a": 1\r\n}\r\n');
    expect(formatJson({ a: 1, b: [2] }, style)).toBe('{\r\n\t"a": 1,\r\n\t"b": [\r\n\t\t2\r\n\t]\r\n}\r\n');
  });

  it("defaults to two spaces for a one-line file", () => {
    expect(detectJsonStyle('{"a": 1}')).toEqual({ indent: "  ", newline: "\n" });
  });
});
