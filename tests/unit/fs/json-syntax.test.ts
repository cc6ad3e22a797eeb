import { describe, expect, it } from "vitest";
import { findJsonSyntaxError, lineColumnAt } from "../../../src/fs/json-syntax.ts";

function locateJsonSyntaxError(text: string): { line: number; column: number } | undefined {
  const offset = findJsonSyntaxError(text);
  return offset < 0 ? undefined : lineColumnAt(text, offset);
}

describe("findJsonSyntaxError", () => {
  it("finds nothing wrong in valid JSON of every kind", () => {
    const valid = [
      '{"responses": [{"content": [{"type": "text", "text": "a \\"quoted\\" \\u00e9 \\n word"}]}]}',
      "[1, -2.5, 3e10, 0, -0.1E-3, true, false, null]",
      '  "just a string"  ',
      "{}",
      "[]",
      '{"a": {"b": [[], {}]}}\n',
    ];
    expect(valid.map((text) => [JSON.parse(text) !== undefined, locateJsonSyntaxError(text)])).toEqual(
      valid.map(() => [true, undefined]),
    );
  });

  it("locates the first bad character, counting lines and columns from 1", () => {
    const cases: Array<[string, [number, number]]> = [
      ['{"a": 1,}', [1, 9]],
      ["[1,2,]", [1, 6]],
      ['{\n  "a": tru\n}', [2, 11]],
      ['{"a": 01}', [1, 8]],
      ['{"a": "line\nbreak"}', [1, 12]],
      ['{"a": "\\x"}', [1, 9]],
      ["{'a': 1}", [1, 2]],
      ['{"a": 1}\n// trailing', [2, 1]],
      ["", [1, 1]],
      ['{"a": [1, 2', [1, 12]],
    ];
    expect(
      cases.map(([text]) => {
        const at = locateJsonSyntaxError(text);
        return at && [at.line, at.column];
      }),
    ).toEqual(cases.map(([, place]) => place));
  });
});
