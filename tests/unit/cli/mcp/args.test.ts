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
    const parsed = parseArgv(["tracker", "-s", "user", "--", "node", "--inspect", "x.js"], SPECS, {
      passThroughAfter: 1,
    });
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

describe("options with several values", () => {
  const MULTI: OptionSpec[] = [
    { long: "scope", short: "s", value: true },
    { long: "env", short: "e", value: true, moreValues: (token) => token.includes("=") },
    { long: "header", short: "H", value: true, moreValues: (token) => token.includes(":") },
  ];
  const read = (argv: string[]) =>
    parseArgv(argv, MULTI, {
      passThroughAfter: 1,
      neededPositionals: 2,
      passThroughAt: (token) => !token.includes("://"),
    });

  it("takes values of the option's shape up to the next option", () => {
    const parsed = read(["-e", "A=1", "B=2", "-s", "user", "-e", "C=3", "D=4", "name", "--", "cmd"]);
    expect(parsed.values.get("env")).toEqual(["A=1", "B=2", "C=3", "D=4"]);
    expect(parsed.positionals).toEqual(["name"]);
    expect(parsed.rest).toEqual(["cmd"]);
  });

  it("stops at a token without the shape: the name after -e K=V", () => {
    const parsed = read(["-e", "API_KEY=xxx", "my-server", "--", "npx", "my-mcp-server"]);
    expect(parsed.values.get("env")).toEqual(["API_KEY=xxx"]);
    expect(parsed.positionals).toEqual(["my-server"]);
    expect(parsed.rest).toEqual(["npx", "my-mcp-server"]);
  });

  it("leaves a token of the shape alone when a positional needs it", () => {
    const parsed = read(["name", "-H", "A: 1", "http://h/mcp"]);
    expect(parsed.values.get("header")).toEqual(["A: 1"]);
    expect(parsed.positionals).toEqual(["name", "http://h/mcp"]);
  });

  it("reads options after a positional that does not start the pass-through", () => {
    const parsed = read(["name", "http://h/mcp", "--header", "A: 1", "B: 2"]);
    expect(parsed.positionals).toEqual(["name", "http://h/mcp"]);
    expect(parsed.values.get("header")).toEqual(["A: 1", "B: 2"]);
    expect(parsed.rest).toEqual([]);
  });

  it("takes nothing more after --", () => {
    const parsed = read(["name", "-e", "A=1", "--", "B=2", "x"]);
    expect(parsed.values.get("env")).toEqual(["A=1"]);
    expect(parsed.rest).toEqual(["B=2", "x"]);
  });
});

describe("oneOf", () => {
  it("names the allowed values", () => {
    expect(usageError(() => oneOf("scope", "global", ["local", "project", "user"]))).toBe(
      "unknown scope: global (expected local, project or user)",
    );
  });
});
