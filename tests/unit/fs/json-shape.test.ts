import { describe, expect, it } from "vitest";
import {
  anything,
  arrayOf,
  mapOf,
  objectOf,
  oneOf,
  optional,
  positiveNumber,
  required,
  string,
} from "../../../src/fs/json-shape.ts";

const entry = objectOf({
  name: required(string({ nonEmpty: true })),
  tags: optional(arrayOf(string(), { min: 1 })),
  env: optional(mapOf(string())),
  kind: optional(oneOf("a", "b", "c")),
  wait: optional(positiveNumber("must be positive")),
  extra: optional(anything),
});

describe("JSON shape checks", () => {
  it("accepts a value that fits, unknown fields included unless strict", () => {
    expect(entry({ name: "x", tags: ["t"], env: { A: "1" }, kind: "b", wait: 5, extra: [1], other: true }, [])).toEqual(
      [],
    );
    expect(objectOf({ a: optional(string()) }, { strict: true })({ a: "1", b: 2 }, ["root"])).toEqual([
      { path: ["root"], message: 'unknown key "b"' },
    ]);
  });

  it("names every problem by its path and says what it expected and got", () => {
    expect(entry({ tags: ["t", 3], env: { A: 1 }, kind: "d", wait: -1 }, ["s"])).toEqual([
      { path: ["s", "name"], message: "missing (expected string)" },
      { path: ["s", "tags", 1], message: "expected string, got number" },
      { path: ["s", "env", "A"], message: "expected string, got number" },
      { path: ["s", "kind"], message: 'expected "a", "b" or "c", got "d"' },
      { path: ["s", "wait"], message: "must be positive" },
    ]);
  });

  it("refuses empty strings and arrays where asked, and non-objects", () => {
    expect(entry({ name: "", tags: [] }, [])).toEqual([
      { path: ["name"], message: "must not be empty" },
      { path: ["tags"], message: "expected at least 1 item" },
    ]);
    expect(entry([], [])).toEqual([{ path: [], message: "expected object, got array" }]);
  });
});
