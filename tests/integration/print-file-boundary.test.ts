import { existsSync, readFileSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { cliForTestFile, modelScript, toolResults, toolUse, type CliSandbox } from "../helpers/cli-sandbox.ts";

// The built CLI in print mode with acceptEdits, on a project whose symlinks
// lead out of it: nothing outside is read, created, overwritten or edited.

const cli = cliForTestFile();
let box: CliSandbox;
let outside: string;
beforeEach(async () => {
  box = await cli.sandbox();
  outside = join(box.root, "outside");
  await mkdir(outside);
  await writeFile(join(outside, "victim.txt"), "original\n");
  await symlink(join(outside, "victim.txt"), join(box.project, "victim-link"));
  await symlink(outside, join(box.project, "out"));
  await symlink("/etc/passwd", join(box.project, "passwd"));
});

async function runCalls(calls: ReturnType<typeof toolUse>[], extra: string[] = []) {
  const script = await box.write("script.json", modelScript(calls, [{ type: "text", text: "done" }]));
  return box.run([
    "-p",
    "go",
    "--model-script",
    script,
    "--output-format",
    "stream-json",
    "--permission-mode",
    "acceptEdits",
    ...extra,
  ]);
}

const refused = (tool: string) =>
  `${tool} was not run: it needs approval (outside the working directory) and print mode cannot ask. ` +
  `Allow it with --allowedTools ${tool} or a --permission-mode that permits it.`;

describe("print mode with acceptEdits and symlinks out of the project", () => {
  it("writes and edits nothing outside through a linked file or folder", async () => {
    const run = await runCalls([
      toolUse("t1", "Write", { file_path: "victim-link", content: "pwned\n" }),
      toolUse("t2", "Edit", { file_path: "victim-link", old_string: "original", new_string: "pwned" }),
      toolUse("t3", "Write", { file_path: "out/created.txt", content: "pwned\n" }),
      toolUse("t4", "Edit", { file_path: "out/victim.txt", old_string: "original", new_string: "pwned" }),
      toolUse("t5", "Write", { file_path: "inside.txt", content: "fine\n" }),
    ]);
    expect(toolResults(run.lines)).toEqual([
      { type: "tool_result", tool_use_id: "t1", content: refused("Write"), is_error: true },
      { type: "tool_result", tool_use_id: "t2", content: refused("Edit"), is_error: true },
      { type: "tool_result", tool_use_id: "t3", content: refused("Write"), is_error: true },
      { type: "tool_result", tool_use_id: "t4", content: refused("Edit"), is_error: true },
      { type: "tool_result", tool_use_id: "t5", content: "File created successfully at: inside.txt", is_error: false },
    ]);
    expect(readFileSync(join(outside, "victim.txt"), "utf8")).toBe("original\n");
    expect(existsSync(join(outside, "created.txt"))).toBe(false);
    expect(readFileSync(join(box.project, "inside.txt"), "utf8")).toBe("fine\n");
  });

  it("reads nothing outside through a link, a pattern or a glob", async () => {
    const run = await runCalls([
      toolUse("t1", "Read", { file_path: "passwd" }),
      toolUse("t2", "Glob", { pattern: "../*" }),
      toolUse("t3", "Grep", { pattern: "root", glob: "../../../../../../../etc/passwd" }),
      toolUse("t4", "Grep", { pattern: "original" }),
    ]);
    expect(toolResults(run.lines)).toEqual([
      { type: "tool_result", tool_use_id: "t1", content: refused("Read"), is_error: true },
      { type: "tool_result", tool_use_id: "t2", content: refused("Glob"), is_error: true },
      { type: "tool_result", tool_use_id: "t3", content: refused("Grep"), is_error: true },
      { type: "tool_result", tool_use_id: "t4", content: "No files found", is_error: false },
    ]);
  });

  it("lets --add-dir open a folder to the file tools", async () => {
    const run = await runCalls(
      [toolUse("t1", "Edit", { file_path: "out/victim.txt", old_string: "original", new_string: "changed" })],
      ["--add-dir", outside],
    );
    expect(toolResults(run.lines)[0]).toMatchObject({ tool_use_id: "t1", is_error: false });
    expect(readFileSync(join(outside, "victim.txt"), "utf8")).toBe("changed\n");
  });
});

describe("print mode with Bash rules", () => {
  it("holds a deny rule against a command hidden behind a path and a list", async () => {
    const run = await runCalls(
      [
        toolUse("t1", "Bash", { command: "echo hi && /usr/bin/touch pwned" }),
        toolUse("t2", "Bash", { command: "echo hi; touch pwned2" }),
        toolUse("t3", "Bash", { command: "echo ok" }),
      ],
      ["--allowedTools", "Bash(echo:*)", "--disallowedTools", "Bash(touch:*)"],
    );
    const denied = "Permission to use Bash has been denied by a rule.";
    expect(toolResults(run.lines)).toEqual([
      { type: "tool_result", tool_use_id: "t1", content: denied, is_error: true },
      { type: "tool_result", tool_use_id: "t2", content: denied, is_error: true },
      { type: "tool_result", tool_use_id: "t3", content: "ok", is_error: false },
    ]);
    expect(existsSync(join(box.project, "pwned"))).toBe(false);
    expect(existsSync(join(box.project, "pwned2"))).toBe(false);
  });
});
