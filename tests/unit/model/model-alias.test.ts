import { describe, expect, it } from "vitest";
import {
  catalogModels,
  DEFAULT_ANTHROPIC_MODEL,
  knownModelId,
  modelOptions,
  resolveModelAlias,
} from "../../../src/model/model-catalog.ts";

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
    for (const name of ["claude-haiku-4-5", "claude-sonnet-4-5-20250929", "my-proxy-model", "sonnet-4"])
      expect(resolveModelAlias(name)).toBe(name);
  });
});

describe("/model's names", () => {
  it("are default, the three families (any case) and the ids the table lists, dated too; nothing else", () => {
    expect(modelOptions().map((option) => [option.label, option.id])).toEqual([
      ["Default (recommended)", DEFAULT_ANTHROPIC_MODEL],
      ["Opus", resolveModelAlias("opus")],
      ["Sonnet", resolveModelAlias("sonnet")],
      ["Haiku", resolveModelAlias("haiku")],
    ]);
    expect(modelOptions()[1]?.description).toBe("Opus 5.5 · the most capable, for complex work");
    expect(knownModelId("Default")).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(knownModelId("HAIKU")).toBe(resolveModelAlias("haiku"));
    expect(knownModelId("claude-haiku-4-5-20251001")).toBe("claude-haiku-4-5-20251001");
    for (const name of ["gpt-4o", "sonnet-4", "claude-sonnet", ""]) expect(knownModelId(name)).toBeUndefined();
  });
});
