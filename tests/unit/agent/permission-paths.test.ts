// The permission chain judges the built-in file tools by where their paths
// really lead: a project on disk with symlinks that point out of it.
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PermissionMode } from "../../../src/agent/events.ts";
import { PermissionChain, type PermissionCheck } from "../../../src/agent/permissions.ts";
import { builtinTools } from "../../../src/tools/builtin.ts";
import type { Tool } from "../../../src/tools/tool.ts";

let root: string;
let project: string;
let outside: string;
let added: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "mini-cc-paths-"));
  project = path.join(root, "project");
  outside = path.join(root, "outside");
  added = path.join(root, "added");
  for (const dir of [project, outside, added, path.join(project, "src")]) await mkdir(dir, { recursive: true });
  await writeFile(path.join(outside, "secret.txt"), "secret\n");
  await writeFile(path.join(added, "notes.md"), "notes\n");
  await writeFile(path.join(project, "src/app.ts"), "app\n");
  await symlink(path.join(outside, "secret.txt"), path.join(project, "secret-link"));
  await symlink(outside, path.join(project, "out-dir"));
  await symlink(path.join(outside, "not-yet.txt"), path.join(project, "dangling"));
  await symlink("src/app.ts", path.join(project, "app-link"));
  await symlink("/etc/passwd", path.join(project, "passwd"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const ALLOW: PermissionCheck = { behavior: "allow" };
const OUTSIDE: PermissionCheck = { behavior: "ask", reason: "outside the working directory" };
const tools = new Map(builtinTools().map((tool) => [tool.name, tool]));
const tool = (name: string): Tool => tools.get(name)!;

function check(
  mode: PermissionMode,
  name: string,
  input: Record<string, unknown>,
  addDirs: string[] = [],
): PermissionCheck {
  return new PermissionChain({ mode, allow: [], deny: [], cwd: project, addDirs }).check(tool(name), input);
}

describe("file tools and where paths really lead", () => {
  const cases: Array<[string, Record<string, unknown>, "allow" | "outside"]> = [
    ["Read", { file_path: "src/app.ts" }, "allow"],
    ["Read", { file_path: "app-link" }, "allow"],
    ["Read", { file_path: "passwd" }, "outside"],
    ["Read", { file_path: "secret-link" }, "outside"],
    ["Read", { file_path: "out-dir/secret.txt" }, "outside"],
    ["Read", { file_path: "src/../../outside/secret.txt" }, "outside"],
    ["Glob", { pattern: "**/*.ts" }, "allow"],
    ["Glob", { pattern: "../*" }, "outside"],
    ["Glob", { pattern: "*", path: "out-dir" }, "outside"],
    ["Glob", { pattern: "/etc/*" }, "outside"],
    ["Grep", { pattern: "x" }, "allow"],
    ["Grep", { pattern: "root", glob: "../../../../../../etc/passwd" }, "outside"],
    ["Grep", { pattern: "x", glob: "/etc/*.conf" }, "outside"],
    ["Grep", { pattern: "x", path: "out-dir" }, "outside"],
    ["Grep", { pattern: "x", glob: "out-dir/*" }, "outside"],
  ];

  it.each(cases)("default mode: %s %j → %s", (name, input, expected) => {
    expect(check("default", name, input)).toEqual(expected === "allow" ? ALLOW : OUTSIDE);
  });

  const edits: Array<[string, Record<string, unknown>, "allow" | "outside"]> = [
    ["Write", { file_path: "src/new.ts", content: "" }, "allow"],
    ["Write", { file_path: "deep/new/folder/a.ts", content: "" }, "allow"],
    ["Write", { file_path: "app-link", content: "" }, "allow"],
    ["Write", { file_path: "secret-link", content: "x" }, "outside"],
    ["Write", { file_path: "out-dir/new.txt", content: "x" }, "outside"],
    ["Write", { file_path: "out-dir/a/b/new.txt", content: "x" }, "outside"],
    ["Write", { file_path: "dangling", content: "x" }, "outside"],
    ["Edit", { file_path: "secret-link", old_string: "secret", new_string: "x" }, "outside"],
    ["Edit", { file_path: "out-dir/secret.txt", old_string: "secret", new_string: "x" }, "outside"],
    ["Edit", { file_path: "dangling", old_string: "", new_string: "x" }, "outside"],
    ["Edit", { file_path: "src/app.ts", old_string: "app", new_string: "x" }, "allow"],
  ];

  it.each(edits)("acceptEdits mode: %s %j → %s", (name, input, expected) => {
    expect(check("acceptEdits", name, input)).toEqual(expected === "allow" ? ALLOW : OUTSIDE);
  });

  it("denies outside paths in print mode, saying how to allow them", () => {
    const chain = new PermissionChain({ mode: "acceptEdits", allow: [], deny: [], cwd: project, canAsk: false });
    expect(chain.check(tool("Write"), { file_path: "secret-link", content: "x" })).toEqual({
      behavior: "deny",
      message:
        "Write was not run: it needs approval (outside the working directory) and print mode cannot ask. " +
        "Allow it with --allowedTools Write or a --permission-mode that permits it.",
    });
  });

  it("treats folders given with --add-dir like the project, through links too", () => {
    expect(check("default", "Read", { file_path: path.join(added, "notes.md") })).toEqual(OUTSIDE);
    expect(check("default", "Read", { file_path: path.join(added, "notes.md") }, [added])).toEqual(ALLOW);
    expect(check("acceptEdits", "Write", { file_path: "out-dir/new.txt", content: "" }, ["../outside"])).toEqual(ALLOW);
    expect(check("default", "Read", { file_path: "passwd" }, [added])).toEqual(OUTSIDE);
  });

  it("asks for a pattern that climbs out after a wildcard", () => {
    expect(check("default", "Glob", { pattern: "**/../../*" })).toEqual({ behavior: "ask", reason: "needs approval" });
  });

  it("hands the tool the very path it judged", async () => {
    const chain = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: project });
    const { RealPaths } = await import("../../../src/tools/real-paths.ts");
    const realPaths = new RealPaths();
    expect(chain.check(tool("Read"), { file_path: "app-link" }, realPaths)).toEqual(ALLOW);
    // Swap the link after the check: the tool still reads what was judged.
    await rm(path.join(project, "app-link"));
    await symlink(path.join(outside, "secret.txt"), path.join(project, "app-link"));
    try {
      const result = await tool("Read").run(
        { file_path: "app-link" },
        { cwd: project, signal: new AbortController().signal, realPaths },
      );
      expect(result).toEqual({ content: "     1\tapp", isError: false });
    } finally {
      await rm(path.join(project, "app-link"));
      await symlink("src/app.ts", path.join(project, "app-link"));
    }
  });
});

describe("walks stay in the project", () => {
  const ctx = () => ({ cwd: project, signal: new AbortController().signal });

  it("Glob lists no file a symlink leads to outside", async () => {
    const result = await tool("Glob").run({ pattern: "**/*" }, ctx());
    expect(String(result.content).split("\n").sort()).toEqual(["app-link", "src/app.ts"]);
  });

  it("Grep searches no file a symlink leads to outside", async () => {
    expect(await tool("Grep").run({ pattern: "secret|root" }, ctx())).toEqual({
      content: "No files found",
      isError: false,
    });
    expect(await tool("Grep").run({ pattern: "app" }, ctx())).toEqual({
      content: "app-link\nsrc/app.ts",
      isError: false,
    });
  });

  it("Glob and Grep refuse a pattern that climbs out after a wildcard", async () => {
    expect(await tool("Glob").run({ pattern: "*/../../*" }, ctx())).toEqual({
      content:
        'Glob: "*/../../*" climbs out of its folder after a wildcard; put ".." or an absolute path only before the first wildcard',
      isError: true,
    });
    expect((await tool("Grep").run({ pattern: "x", glob: "{/etc/passwd,a}" }, ctx())).isError).toBe(true);
  });
});
