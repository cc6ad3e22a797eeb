import { describe, expect, it } from "vitest";
import { promptArguments, promptCommandName, promptUsage, splitArguments } from "../../../src/mcp/features/prompts.ts";
import type { McpPromptInfo } from "../../../src/mcp/state/server-state.ts";

const weather: McpPromptInfo = {
  name: "weather",
  description: "Weather for a city",
  arguments: [
    { name: "city", required: true },
    { name: "units", required: false },
  ],
};

describe("server prompts as slash commands", () => {
  it("names the command like a tool: mcp__<server>__<prompt>, other characters as _", () => {
    expect(promptCommandName("my srv", "do.it")).toBe("mcp__my_srv__do_it");
  });

  it("shows required arguments in <> and optional ones in []", () => {
    expect(promptUsage({ command: "mcp__w__weather", server: "w", prompt: weather })).toBe(
      "/mcp__w__weather <city> [units]",
    );
  });

  it("splits words as a shell does, quotes keeping spaces", () => {
    expect(splitArguments(`a "b c" d='e f' ''`)).toEqual(["a", "b c", "d=e f", ""]);
  });

  it("takes positional words in order and name=value for declared names", () => {
    expect(promptArguments(weather, ["Paris", "metric"])).toEqual({ args: { city: "Paris", units: "metric" } });
    expect(promptArguments(weather, ["units=imperial", "Boston"])).toEqual({
      args: { city: "Boston", units: "imperial" },
    });
    // An undeclared name=value is a positional word like any other.
    expect(promptArguments(weather, ["a=b"])).toEqual({ args: { city: "a=b" } });
  });

  it("joins extra words into the last open argument", () => {
    expect(promptArguments(weather, ["Paris", "in", "celsius"])).toEqual({
      args: { city: "Paris", units: "in celsius" },
    });
  });

  it("says which required arguments are missing", () => {
    expect(promptArguments(weather, ["units=metric"])).toEqual({ error: "missing required argument: city" });
  });

  it("refuses arguments to a prompt that takes none", () => {
    expect(promptArguments({ name: "p", description: "", arguments: [] }, ["x"])).toEqual({
      error: "takes no more arguments (got 1 extra)",
    });
  });
});
