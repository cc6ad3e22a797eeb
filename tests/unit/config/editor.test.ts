import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { McpConfigEditor } from "../../../src/config/editor.ts";
import { isMiniCcError } from "../../../src/errors.ts";
import { resolveHome, type HomePaths } from "../../../src/home.ts";

let root: string;
let cwd: string;
let home: HomePaths;
let editor: McpConfigEditor;
let projectFile: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "mini-cc-editor-"));
  cwd = join(root, "proj");
  home = resolveHome({ MINI_CC_HOME: join(root, "home") }, "/nowhere");
  await mkdir(cwd);
  editor = new McpConfigEditor({ cwd, home });
  projectFile = join(cwd, ".mcp.json");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const read = (file: string) => readFile(file, "utf8");
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isMiniCcError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error("expected a MiniCcError");
}

describe("McpConfigEditor.addServer", () => {
  it("creates .mcp.json when the project has none", async () => {
    expect(await editor.addServer("project", "tracker", { command: "node", args: ["t.ts"] })).toEqual({
      scope: "project",
      file: projectFile,
      replaced: false,
    });
    expect(await read(projectFile)).toBe(
      '{\n  "mcpServers": {\n    "tracker": {\n      "command": "node",\n      "args": [\n        "t.ts"\n      ]\n    }\n  }\n}\n',
    );
  });

  it("keeps the other entries, key order and the file's indentation", async () => {
    await writeFile(
      projectFile,
      '{\n    "$schema": "x",\n    "mcpServers": {\n        "b": {"command": "b"},\n        "a": {"command": "a"}\n    }\n}',
    );
    await editor.addServer("project", "c", { type: "http", url: "http://h" });
    expect(await read(projectFile)).toBe(
      [
        "{",
        '    "$schema": "x",',
        '    "mcpServers": {',
        '        "b": {',
        '            "command": "b"',
        "        },",
        '        "a": {',
        '            "command": "a"',
        "        },",
        '        "c": {',
        '            "type": "http",',
        '            "url": "http://h"',
        "        }",
        "    }",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("refuses an existing name unless forced, and replaces it in place when forced", async () => {
    await writeFile(projectFile, '{"mcpServers": {"a": {"command": "old"}, "b": {"command": "b"}}}');
    expect(await failure(editor.addServer("project", "a", { command: "new" }))).toBe(
      `exists: ${projectFile}: project scope already has a server named "a" (use --force to replace it).`,
    );
    expect(await editor.addServer("project", "a", { command: "new" }, { force: true })).toMatchObject({
      replaced: true,
    });
    expect(Object.keys(JSON.parse(await read(projectFile)).mcpServers)).toEqual(["a", "b"]);
    expect(JSON.parse(await read(projectFile)).mcpServers.a).toEqual({ command: "new" });
  });

  it("writes the local scope under the project folder, keeping other projects", async () => {
    await mkdir(home.root);
    await writeFile(home.localConfig, JSON.stringify({ "/elsewhere": { mcpServers: { x: { command: "x" } } } }));
    await editor.addServer("local", "mine", { command: "mine" });
    expect(JSON.parse(await read(home.localConfig))).toEqual({
      "/elsewhere": { mcpServers: { x: { command: "x" } } },
      [cwd]: { mcpServers: { mine: { command: "mine" } } },
    });
  });

  it("writes the user scope to <home>/mcp.json", async () => {
    await editor.addServer("user", "mine", { command: "mine" });
    expect(JSON.parse(await read(home.userConfig))).toEqual({ mcpServers: { mine: { command: "mine" } } });
  });

  it("never overwrites a config file that is not valid JSON", async () => {
    const broken = '{\n  "mcpServers": {\n    "a": {"command": "a"}\n  \n';
    await writeFile(projectFile, broken);
    expect(await failure(editor.addServer("project", "b", { command: "b" }))).toBe(
      `invalid-json: ${projectFile}:5:1: invalid JSON (Expected ',' or '}' after property value)`,
    );
    expect(await failure(editor.removeServer("a", "project"))).toBe(
      `invalid-json: ${projectFile}:5:1: invalid JSON (Expected ',' or '}' after property value)`,
    );
    expect(await read(projectFile)).toBe(broken);
  });

  it("rejects an entry of the wrong shape with its JSON path", async () => {
    expect(await failure(editor.addServer("project", "a", { command: "x", args: "y" }))).toBe(
      'invalid-entry: Invalid server "a": mcpServers.a.args: expected array, got string',
    );
  });

  it("rejects a name with characters other than letters, digits, _ and -", async () => {
    expect(await failure(editor.addServer("user", "a b", { command: "x" }))).toBe(
      'invalid-name: Invalid server name "a b": use letters, digits, "_" and "-" only.',
    );
  });
});

describe("McpConfigEditor.removeServer", () => {
  it("removes from the only scope that has the name, keeping the rest as written", async () => {
    await writeFile(
      projectFile,
      '{\n\t"mcpServers": {\n\t\t"a": {"command": "a"},\n\t\t"b": {"command": "b"}\n\t}\n}\n',
    );
    expect(await editor.removeServer("a")).toEqual({ scope: "project", file: projectFile });
    expect(await read(projectFile)).toBe('{\n\t"mcpServers": {\n\t\t"b": {\n\t\t\t"command": "b"\n\t\t}\n\t}\n}\n');
  });

  it("asks for a scope when several scopes have the name", async () => {
    await editor.addServer("project", "a", { command: "a" });
    await editor.addServer("user", "a", { command: "a" });
    expect(await failure(editor.removeServer("a"))).toMatch(
      /^ambiguous: "a" is declared in several scopes: project \(.*\.mcp\.json\), user \(.*\); choose one with -s project\|user$/,
    );
    await editor.removeServer("a", "user");
    expect(JSON.parse(await read(home.userConfig))).toEqual({ mcpServers: {} });
  });

  it("fails for a name no scope has", async () => {
    expect(await failure(editor.removeServer("ghost"))).toBe(
      'not-found: No server named "ghost" in local, project or user scope.',
    );
    expect(await failure(editor.removeServer("ghost", "project"))).toBe(
      `not-found: No server named "ghost" in project scope (${projectFile}).`,
    );
  });
});

describe("McpConfigEditor.listDeclared", () => {
  it("lists every scope's entries as written, and problems of broken files", async () => {
    await editor.addServer("local", "l", { command: "${CMD}" });
    await editor.addServer("user", "u", { type: "sse", url: "http://u", extra: true });
    await writeFile(projectFile, "{oops");
    expect(await editor.listDeclared()).toEqual({
      entries: [
        { scope: "local", file: home.localConfig, name: "l", entry: { command: "${CMD}" } },
        { scope: "user", file: home.userConfig, name: "u", entry: { type: "sse", url: "http://u", extra: true } },
      ],
      problems: [`${projectFile}:1:2: invalid JSON (Expected property name or '}')`],
    });
  });
});
