import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MiniCcError } from "../../../src/errors.ts";
import { parseModelScript } from "../../../src/model/script-schema.ts";
import { loadModelScript } from "../../../src/model/scripted-model.ts";

const FILE = "examples/x.json";

function problem(text: string): string {
  try {
    parseModelScript(text, FILE);
  } catch (error) {
    expect(error).toBeInstanceOf(MiniCcError);
    expect((error as MiniCcError).code).toBe("invalid-script");
    return (error as MiniCcError).message;
  }
  throw new Error("expected the script to be rejected");
}

const script = (...content: unknown[]): string =>
  JSON.stringify({ responses: [{ content: [{ type: "text", text: "ok" }] }, { content }] });

describe("model script validation", () => {
  it("names the file and the JSON path of a missing field", () => {
    expect(problem(script({ type: "tool_use", input: {} }))).toBe(
      "examples/x.json: responses[1].content[0].name: missing (expected string)",
    );
  });

  it("says what type it got when a field has the wrong type", () => {
    expect(problem(script({ type: "text", text: 42 }))).toBe(
      "examples/x.json: responses[1].content[0].text: expected string, got number",
    );
  });

  it("lists the block types it knows for an unknown one", () => {
    expect(problem(script({ type: "image" }))).toBe(
      'examples/x.json: responses[1].content[0].type: expected "text", "tool_use" or "thinking", got "image"',
    );
  });

  it("rejects a misspelt key instead of ignoring it", () => {
    expect(problem(script({ type: "tool_use", name: "Read", inputs: {} }))).toBe(
      'examples/x.json: responses[1].content[0]: unknown key "inputs"',
    );
  });

  it("rejects a tool input that is not an object", () => {
    expect(problem(script({ type: "tool_use", name: "Read", input: ["posts.ts"] }))).toBe(
      "examples/x.json: responses[1].content[0].input: expected object, got array",
    );
  });

  it("rejects a response with no content blocks", () => {
    expect(problem(script())).toBe("examples/x.json: responses[1].content: expected at least 1 item");
  });

  it("rejects a file that is not an object with responses", () => {
    expect([problem("[]"), problem('{"responses": {}}')]).toEqual([
      "examples/x.json: expected object, got array",
      "examples/x.json: responses: expected array, got object",
    ]);
  });

  it("counts the problems it does not show", () => {
    expect(problem(JSON.stringify({ responses: [{ content: [{ type: "text" }, { type: "tool_use" }] }] }))).toBe(
      "examples/x.json: responses[0].content[0].text: missing (expected string) (and 1 more problem)",
    );
  });

  it("fills in an empty input for a tool_use without one", () => {
    expect(parseModelScript(script({ type: "tool_use", name: "Glob" }), FILE).responses[1]?.content).toEqual([
      { type: "tool_use", name: "Glob", input: {} },
    ]);
  });
});

describe("model script JSON syntax errors", () => {
  it("gives line:column of an unquoted word", () => {
    expect(problem('{"responses": [\n  {"content": [{"type": "text", "text": hello}]}\n]}')).toBe(
      "examples/x.json:2:41: invalid JSON: Unexpected token 'h'",
    );
  });

  it("gives line:column of a missing comma", () => {
    expect(problem('{"responses": [\n  {"content": []}\n  {"content": []}\n]}')).toBe(
      "examples/x.json:3:3: invalid JSON: Expected ',' or ']' after array element",
    );
  });

  it("points at the end of a truncated file", () => {
    expect(problem('{"responses": [\n  {"content": [')).toBe(
      "examples/x.json:2:16: invalid JSON: unexpected end of input",
    );
  });
});

describe("loadModelScript", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "mini-cc-script-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("loads a valid file into a model named after it", async () => {
    const path = join(dir, "ch15.json");
    await writeFile(path, script({ type: "text", text: "Done." }));
    const model = await loadModelScript(path, { maxChunkDelayMs: 0 });
    expect([model.name, model.length]).toEqual(["script:ch15.json", 2]);
  });

  it("reports a missing file as script-not-found", async () => {
    const path = join(dir, "nope.json");
    await expect(loadModelScript(path)).rejects.toThrow(
      new MiniCcError("script-not-found", `${path}: model script not found`),
    );
    await expect(loadModelScript(path)).rejects.toMatchObject({ code: "script-not-found" });
  });

  it("reports a directory as not a script file", async () => {
    await expect(loadModelScript(dir)).rejects.toThrow(`${dir}: model script is a directory, not a file`);
  });

  it("names the file in a validation error", async () => {
    const path = join(dir, "bad.json");
    await writeFile(path, '{"responses": [{"content": [{"type": "tool_use"}]}]}');
    await expect(loadModelScript(path)).rejects.toThrow(
      `${path}: responses[0].content[0].name: missing (expected string)`,
    );
  });
});
