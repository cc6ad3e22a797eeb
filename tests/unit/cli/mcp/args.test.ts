import { describe, expect, it } from "vitest";
import { lastValue, parseArgv, type OptionSpec } from "../../../../src/cli/mcp/arg-parser.ts";
import { oneOf } from "../../../../src/cli/one-of.ts";
import { isMiniCcError } from "../../../../src/errors.ts";

const SPECS: OptionSpec[] = [
  { long: "scope", short: "s", value: true },
  { long: "env", short: "e", value: true },
  { long: "force", value: false },
];

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isMiniCcError(error, "usage")) return error.message;
    throw error;
  }
  throw new Error("expected a usage error");
}

describe("parseArgv", () => {
  it("reads long, short, inline and repeated values and flags", () => {
    const parsed = parseArgv(["-s", "user", "--env=A=1", "-eB=2", "--force", "--scope", "project", "name"], SPECS);
    expect(parsed.values.get("env")).toEqual(["A=1", "B=2"]);
    expect(lastValue(parsed, "scope")).toBe("project");
    expect([...parsed.flags]).toEqual(["force"]);
    expect(parsed.positionals).toEqual(["name"]);
  });

  it("hands everything from the first token after NAME to rest, options included", () => {
    const parsed = parseArgv(["-e", "A=1", "tracker", "npx", "-y", "pkg", "--force"], SPECS, { passThroughAfter: 1 });
    expect(parsed.positionals).toEqual(["tracker"]);
    expect(parsed.rest).toEqual(["npx", "-y", "pkg", "--force"]);
    expect(parsed.flags.size).toBe(0);
  });

  it("reads options between NAME and the command, and drops the -- before it", () => {
    const parsed = parseArgv(["tracker", "-s", "user", "--", "node", "--inspect", "x.js"], SPECS, { passThroughAfter: 1 });
    expect(lastValue(parsed, "scope")).toBe("user");
    expect(parsed.rest).toEqual(["node", "--inspect", "x.js"]);
  });

  it("takes a dash-leading command after --", () => {
    const parsed = parseArgv(["--", "tracker", "-weird"], SPECS, { passThroughAfter: 1 });
    expect(parsed.positionals).toEqual(["tracker"]);
    expect(parsed.rest).toEqual(["-weird"]);
  });

  it("rejects an unknown long option", () => {
    expect(usageError(() => parseArgv(["--bogus=1"], SPECS))).toBe("unknown option: --bogus");
  });

  it("rejects an unknown short option", () => {
    expect(usageError(() => parseArgv(["-x"], SPECS))).toBe("unknown option: -x");
  });

  it("rejects a value option at the end without its value", () => {
    expect(usageError(() => parseArgv(["name", "-s"], SPECS))).toBe("option -s needs a value");
  });

  it("rejects a value given to a flag", () => {
    expect(usageError(() => parseArgv(["--force=yes"], SPECS))).toBe("option --force takes no value");
  });
});

describe("oneOf", () => {
  it("names the allowed values", () => {
    expect(usageError(() => oneOf("scope", "global", ["local", "project", "user"]))).toBe(
      "unknown scope: global (expected local, project or user)",
    );
  });
});
