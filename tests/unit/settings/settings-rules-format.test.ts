import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addSettingsRule, removeSettingsRule } from "../../../src/settings/settings-rules-editor.ts";

// "Yes, and don't ask again" writes into the user's own .claude/settings.local.json:
// only the edited array may change, every other byte stays as the user wrote it.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function settingsFile(text?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "mini-cc-rules-"));
  dirs.push(dir);
  const file = join(dir, "settings.local.json");
  if (text !== undefined) writeFileSync(file, text);
  return file;
}

async function added(
  before: string,
  rule = "mcp__tracker",
  behavior: "allow" | "deny" | "ask" = "allow",
): Promise<string> {
  const file = settingsFile(before);
  expect(await addSettingsRule(file, behavior, rule)).toBe(true);
  return readFileSync(file, "utf8");
}

describe("the rule writer keeps the user's file as written", () => {
  it("a one-line array gets the rule on its line; nothing else moves", async () => {
    const before =
      '{\n  "permissions": {\n    "allow": ["Bash(ls:*)"],\n    "deny": [ "Read(./secrets/**)" ]\n  },\n  "env": {"A": "1"}\n}\n';
    expect(await added(before)).toBe(
      '{\n  "permissions": {\n    "allow": ["Bash(ls:*)", "mcp__tracker"],\n    "deny": [ "Read(./secrets/**)" ]\n  },\n  "env": {"A": "1"}\n}\n',
    );
  });

  it("a whole file on one line, without a trailing newline", async () => {
    expect(await added('{"permissions":{"allow":["Bash(ls:*)"]},"model":"x"}')).toBe(
      '{"permissions":{"allow":["Bash(ls:*)", "mcp__tracker"]},"model":"x"}',
    );
  });

  it("tabs and a multi-line array: a line of its own, indented as the others", async () => {
    const before = '{\n\t"permissions": {\n\t\t"allow": [\n\t\t\t"Bash(ls:*)"\n\t\t]\n\t}\n}\n';
    expect(await added(before)).toBe(
      '{\n\t"permissions": {\n\t\t"allow": [\n\t\t\t"Bash(ls:*)",\n\t\t\t"mcp__tracker"\n\t\t]\n\t}\n}\n',
    );
  });

  it("CRLF line endings stay CRLF", async () => {
    const before = '{\r\n  "permissions": {\r\n    "allow": [\r\n      "Bash(ls:*)"\r\n    ]\r\n  }\r\n}\r\n';
    expect(await added(before)).toBe(
      '{\r\n  "permissions": {\r\n    "allow": [\r\n      "Bash(ls:*)",\r\n      "mcp__tracker"\r\n    ]\r\n  }\r\n}\r\n',
    );
  });

  it("a missing permissions key is added last, in the file's layout", async () => {
    expect(await added('{\n    "model": "claude-sonnet-4-5"\n}')).toBe(
      '{\n    "model": "claude-sonnet-4-5",\n    "permissions": {\n        "allow": [\n            "mcp__tracker"\n        ]\n    }\n}',
    );
    expect(await added('{"model": "x"}\n')).toBe('{"model": "x", "permissions": {"allow":["mcp__tracker"]}}\n');
  });

  it("a missing array goes into the permissions object; an empty array takes the rule between its brackets", async () => {
    expect(await added('{\n  "permissions": {\n    "deny": ["Read(a)"]\n  }\n}\n', "Bash(npm test:*)")).toBe(
      '{\n  "permissions": {\n    "deny": ["Read(a)"],\n    "allow": [\n      "Bash(npm test:*)"\n    ]\n  }\n}\n',
    );
    expect(await added('{"permissions": {"allow": []}}')).toBe('{"permissions": {"allow": ["mcp__tracker"]}}');
    expect(await added('{\n  "permissions": {\n    "allow": [\n    ]\n  }\n}\n')).toBe(
      '{\n  "permissions": {\n    "allow": [\n      "mcp__tracker"\n    ]\n  }\n}\n',
    );
  });

  it("an empty object or no file at all is laid out afresh", async () => {
    expect(await added("{}\n")).toBe('{\n  "permissions": {\n    "allow": [\n      "mcp__tracker"\n    ]\n  }\n}\n');
    const file = settingsFile();
    await addSettingsRule(file, "ask", "Bash(git push:*)");
    expect(readFileSync(file, "utf8")).toBe(
      '{\n  "permissions": {\n    "ask": [\n      "Bash(git push:*)"\n    ]\n  }\n}\n',
    );
  });

  it("strings with brackets, commas and escapes elsewhere do not confuse it", async () => {
    const before = '{"note": "a, [b] {c} \\"d\\"", "permissions": {"allow": ["Bash(echo \\"]\\":*)"]}}';
    const after = await added(before);
    expect(after).toBe(
      '{"note": "a, [b] {c} \\"d\\"", "permissions": {"allow": ["Bash(echo \\"]\\":*)", "mcp__tracker"]}}',
    );
    expect(JSON.parse(after).permissions.allow).toEqual(['Bash(echo "]":*)', "mcp__tracker"]);
  });

  it("removing a rule takes out only it and its comma", async () => {
    const file = settingsFile('{\n\t"permissions": {"allow": ["a", "b", "c"], "deny": [\n\t\t"x"\n\t]}\n}');
    expect(await removeSettingsRule(file, "allow", "b")).toBe(true);
    expect(readFileSync(file, "utf8")).toBe('{\n\t"permissions": {"allow": ["a", "c"], "deny": [\n\t\t"x"\n\t]}\n}');
    expect(await removeSettingsRule(file, "allow", "a")).toBe(true);
    expect(await removeSettingsRule(file, "deny", "x")).toBe(true);
    expect(readFileSync(file, "utf8")).toBe('{\n\t"permissions": {"allow": ["c"], "deny": []}\n}');
    expect(await removeSettingsRule(file, "deny", "x")).toBe(false);
  });
});
