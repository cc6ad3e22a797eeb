import { describe, expect, it } from "vitest";
import { builtinTools } from "../../../src/tools/builtin.ts";

describe("builtinTools", () => {
  it("lists the seven tools with their permission flags", () => {
    expect(builtinTools().map((t) => [t.name, t.readOnly, t.editsFiles ?? false])).toEqual([
      ["Read", true, false],
      ["Write", false, true],
      ["Edit", false, true],
      ["Bash", false, false],
      ["Glob", true, false],
      ["Grep", true, false],
      ["AskUserQuestion", true, false],
    ]);
  });
});
