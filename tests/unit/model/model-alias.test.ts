import { describe, expect, it } from "vitest";
import { catalogModels, resolveModelAlias } from "../../../src/model/model-catalog.ts";

describe("Claude Code's model aliases", () => {
  it("name the newest model of each family the table lists, whatever their case", () => {
    const newest = (family: string) =>
      catalogModels()
        .filter((id) => id.startsWith(`claude-${family}-`))
        .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
        .at(-1);
    for (const family of ["opus", "sonnet", "haiku"]) {
      expect(resolveModelAlias(family)).toBe(newest(family));
      expect(resolveModelAlias(family.toUpperCase())).toBe(newest(family));
    }
    expect(resolveModelAlias("sonnet")).not.toBe("claude-sonnet-5");
  });

  it("leave any other name as it is", () => {
    for (const name of ["claude-haiku-4-5", "claude-sonnet-4-5-20250929", "my-proxy-model", "sonnet-4"]) expect(resolveModelAlias(name)).toBe(name);
  });
});
