import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BUILTIN_TOOLS,
  cliForTestFile,
  deniedResult,
  FILESYSTEM_SERVER,
  initOf,
  NODE,
  processesMentioning,
  resultOf,
  scriptedStreamRun,
  textResult,
  toolResultsById,
  toolUse,
  type CliRun,
  type CliSandbox,
} from "../helpers/cli-sandbox.ts";

// @modelcontextprotocol/server-filesystem, started as its package "bin" with the
// Node running the tests, serving the sandbox's project directory. Two print-mode
// runs in beforeAll (default mode; --allowedTools mcp__fs__write_file); each test
// reads one behaviour off their output.
const FS_TOOLS = [
  "read_file",
  "read_text_file",
  "read_media_file",
  "read_multiple_files",
  "write_file",
  "edit_file",
  "create_directory",
  "list_directory",
  "list_directory_with_sizes",
  "directory_tree",
  "move_file",
  "search_files",
  "get_file_info",
  "list_allowed_directories",
];
const NOTES = "first line\nsecond line\n";

const cli = cliForTestFile();
let box: CliSandbox;
let defaultRun: CliRun;
let allowedRun: CliRun;
const at = (...parts: string[]) => join(box.project, ...parts);

beforeAll(async () => {
  box = await cli.sandbox();
  await box.write("project/notes.txt", NOTES);
  await box.write("project/docs/readme.md", "# docs\n");
  await box.write("outside.txt", "not served\n");
  const config = await box.write("fs.json", {
    mcpServers: { fs: { command: NODE, args: [FILESYSTEM_SERVER, box.project] } },
  });

  const defaultResponses = [
    [
      toolUse("read", "mcp__fs__read_text_file", { path: at("notes.txt") }),
      toolUse("list", "mcp__fs__list_directory", { path: at("docs") }),
      toolUse("outside", "mcp__fs__read_text_file", { path: join(box.root, "outside.txt") }),
      toolUse("write", "mcp__fs__write_file", { path: at("new.txt"), content: "written\n" }),
      toolUse("edit", "mcp__fs__edit_file", { path: at("notes.txt"), edits: [{ oldText: "first", newText: "1st" }] }),
      toolUse("mkdir", "mcp__fs__create_directory", { path: at("made") }),
      toolUse("move", "mcp__fs__move_file", { source: at("notes.txt"), destination: at("moved.txt") }),
    ],
    [{ type: "text", text: "Done." }],
  ];
  const allowedResponses = [
    [
      toolUse("write", "mcp__fs__write_file", { path: at("new.txt"), content: "written by mini-cc\n" }),
      toolUse("edit", "mcp__fs__edit_file", { path: at("notes.txt"), edits: [{ oldText: "first", newText: "1st" }] }),
    ],
    [{ type: "text", text: "Wrote it." }],
  ];
  // One after the other: the second run's write must not race the first run's checks.
  defaultRun = await scriptedStreamRun(box, defaultResponses, ["--mcp-config", config], { scriptFile: "default.json" });
  allowedRun = await scriptedStreamRun(
    box,
    allowedResponses,
    ["--mcp-config", config, "--allowedTools", "mcp__fs__write_file"],
    {
      scriptFile: "allowed.json",
    },
  );
}, 60_000);

describe("@modelcontextprotocol/server-filesystem in print mode", () => {
  it("lists its fourteen tools as mcp__fs__ names in the init event, the server connected", () => {
    expect(initOf(defaultRun.lines)?.tools).toEqual([...BUILTIN_TOOLS, ...FS_TOOLS.map((tool) => `mcp__fs__${tool}`)]);
    expect(initOf(defaultRun.lines)?.mcp_servers).toEqual([{ name: "fs", status: "connected" }]);
    expect(defaultRun.stderr).toBe("");
  });

  it("runs the read-only tools (readOnlyHint) without asking", () => {
    const results = toolResultsById(defaultRun.lines);
    expect(results.read).toEqual(textResult(NOTES));
    expect(results.list).toEqual(textResult("[FILE] readme.md"));
  });

  it("returns the server's own refusal of a path outside its directory as an error result", () => {
    expect(toolResultsById(defaultRun.lines).outside).toEqual(
      textResult(
        `Access denied - path outside allowed directories: ${join(box.root, "outside.txt")} not in ${box.project}`,
        true,
      ),
    );
  });

  it("denies each write tool in default mode, saying how to allow it, and nothing changes on disk", () => {
    const results = toolResultsById(defaultRun.lines);
    expect([results.write, results.edit, results.mkdir, results.move]).toEqual([
      deniedResult("mcp__fs__write_file"),
      deniedResult("mcp__fs__edit_file"),
      deniedResult("mcp__fs__create_directory"),
      deniedResult("mcp__fs__move_file"),
    ]);
    expect(resultOf(defaultRun.lines)?.permission_denials).toEqual([
      {
        tool_name: "mcp__fs__write_file",
        tool_use_id: "write",
        tool_input: { path: at("new.txt"), content: "written\n" },
      },
      {
        tool_name: "mcp__fs__edit_file",
        tool_use_id: "edit",
        tool_input: { path: at("notes.txt"), edits: [{ oldText: "first", newText: "1st" }] },
      },
      { tool_name: "mcp__fs__create_directory", tool_use_id: "mkdir", tool_input: { path: at("made") } },
      {
        tool_name: "mcp__fs__move_file",
        tool_use_id: "move",
        tool_input: { source: at("notes.txt"), destination: at("moved.txt") },
      },
    ]);
    expect([resultOf(defaultRun.lines)?.subtype, resultOf(defaultRun.lines)?.result, defaultRun.code]).toEqual([
      "success",
      "Done.",
      0,
    ]);
    expect(existsSync(at("made"))).toBe(false);
    expect(existsSync(at("moved.txt"))).toBe(false);
  });

  it("writes the file when --allowedTools names write_file, and still denies edit_file", () => {
    const results = toolResultsById(allowedRun.lines);
    expect(results.write).toEqual(textResult(`Successfully wrote to ${at("new.txt")}`));
    expect(results.edit).toEqual(deniedResult("mcp__fs__edit_file"));
    expect(readFileSync(at("new.txt"), "utf8")).toBe("written by mini-cc\n");
    expect(readFileSync(at("notes.txt"), "utf8")).toBe(NOTES);
    expect(resultOf(allowedRun.lines)?.permission_denials.map((d: { tool_name: string }) => d.tool_name)).toEqual([
      "mcp__fs__edit_file",
    ]);
    expect(allowedRun.code).toBe(0);
  });

  it("leaves no server process behind when the CLI exits", () => {
    expect(processesMentioning(box.root)).toEqual([]);
  });
});
