import { describe, expect, it } from "vitest";
import { catalogModels, costUsd, DEFAULT_ANTHROPIC_MODEL } from "../../../src/model/model-catalog.ts";

const MILLION = {
  input_tokens: 1_000_000,
  output_tokens: 1_000_000,
  cache_creation_input_tokens: 1_000_000,
  cache_read_input_tokens: 1_000_000,
};

describe("the catalog's prices", () => {
  it("price every model the catalog lists, the default one included", () => {
    expect(catalogModels()).toContain(DEFAULT_ANTHROPIC_MODEL);
    const unpriced = catalogModels().filter((model) => costUsd(model, MILLION) === undefined);
    expect(unpriced).toEqual([]);
  });

  it("are Anthropic's published rates: input, output, cache write and cache read per million tokens", () => {
    const rates = (model: string) =>
      (["input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"] as const).map(
        (key) => costUsd(model, { input_tokens: 0, output_tokens: 0, [key]: 1_000_000 }),
      );
    expect(rates("claude-sonnet-4-5-20250929")).toEqual([3, 15, 3.75, 0.3]);
    expect(rates("claude-opus-4-8")).toEqual([5, 25, 6.25, 0.5]);
    expect(rates("claude-haiku-4-5")).toEqual([1, 5, 1.25, 0.1]);
    expect(rates("claude-opus-5-5")).toEqual([4, 20, 5, 0.2]);
    expect(rates("claude-sonnet-5")).toEqual([2, 10, 2.5, 0.2]);
    expect(rates("claude-sonnet-5-5")).toEqual([2, 10, 2.5, 0.1]);
  });

  it("charge Haiku 5.5's higher band for a request whose prompt, cache included, passes 100,000 tokens", () => {
    const short = costUsd("claude-haiku-5-5", {
      input_tokens: 50_000,
      output_tokens: 1_000,
      cache_read_input_tokens: 50_000,
    });
    const long = costUsd("claude-haiku-5-5", {
      input_tokens: 50_000,
      output_tokens: 1_000,
      cache_read_input_tokens: 50_001,
    });
    expect(short).toBeCloseTo((50_000 * 0.1 + 1_000 * 0.5 + 50_000 * 0.01) / 1e6, 12);
    expect(long).toBeCloseTo((50_000 * 0.5 + 1_000 * 2.5 + 50_001 * 0.05) / 1e6, 12);
  });

  it("say nothing for a model not listed", () => {
    expect(costUsd("claude-test-model", MILLION)).toBeUndefined();
  });
});
