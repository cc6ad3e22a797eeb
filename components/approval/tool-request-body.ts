/**
 * Everything a tool approval shows about the call: Bash its whole command,
 * Write and Edit a diff against the file on disk (a new file is all added
 * lines), any other tool its arguments in full.
 */
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { PermissionRequest } from "../../src/agent/events.ts";
import { terminalSafeLine, terminalSafeText } from "../../src/text/terminal-safe.ts";
import { applyEdit } from "../../src/tools/edit.ts";
import { isBinary } from "../../src/tools/read.ts";
import { line, type BodyLine } from "../rows/body-lines.ts";
import { argumentLines } from "../rows/argument-lines.ts";
import { fileDiffLines } from "../rows/file-diff.ts";
import { errorText } from "../../src/errors.ts";

/** Files larger than this are not read for a diff; the arguments show instead. */
const MAX_DIFF_BYTES = 1024 * 1024;

/** What is on disk at a path, as far as a diff cares. */
export type DiskText = { kind: "missing" } | { kind: "text"; text: string } | { kind: "unreadable"; reason: string };

/** Reads a file for the diff: missing, its text, or why it cannot be shown (a folder, binary, too large). */
export function readDiskText(absolute: string): DiskText {
  try {
    const stats = statSync(absolute);
    if (stats.isDirectory()) return { kind: "unreadable", reason: "it is a folder" };
    if (stats.size > MAX_DIFF_BYTES) return { kind: "unreadable", reason: "it is too large to diff" };
    const bytes = readFileSync(absolute);
    return isBinary(bytes)
      ? { kind: "unreadable", reason: "it is a binary file" }
      : { kind: "text", text: bytes.toString("utf8") };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
    return { kind: "unreadable", reason: errorText(error) };
  }
}

/** The rows the modal shows for `request`; `read` looks at the disk (tests may pass another reader of real files). */
export function toolRequestBody(request: PermissionRequest, cwd: string, read = readDiskText): BodyLine[] {
  const { toolName, input } = request;
  if (toolName === "Bash" && typeof input["command"] === "string") return bashBody(input);
  const path = input["file_path"];
  if (typeof path !== "string") return argumentLines(input);
  if (toolName === "Write" && typeof input["content"] === "string") {
    const content = input["content"];
    return fileChange(path, read(resolve(cwd, path)), input, (before) => ({ before: before ?? "", after: content }));
  }
  if (toolName === "Edit" && typeof input["old_string"] === "string" && typeof input["new_string"] === "string") {
    return editBody(path, read(resolve(cwd, path)), input);
  }
  return argumentLines(input);
}

/** The command as the shell gets it, line for line, then any other argument (description, timeout). */
function bashBody(input: Record<string, unknown>): BodyLine[] {
  const { command, ...rest } = input;
  const commandRows = terminalSafeText(String(command))
    .split("\n")
    .map((row) => line(row, "command"));
  return [...commandRows, ...argumentLines(rest)];
}

/** The texts to diff; with a problem, the call will fail and the diff is of its own strings. */
interface Change {
  readonly before: string;
  readonly after: string;
  readonly problem?: string;
}

/** `path (new file)` or `path`, then the diff; when the file cannot be read, why, and the other arguments in full. */
function fileChange(
  path: string,
  disk: DiskText,
  input: Record<string, unknown>,
  change: (before: string | undefined) => Change,
): BodyLine[] {
  const shown = terminalSafeLine(path);
  if (disk.kind === "unreadable") {
    const { file_path: _, ...rest } = input;
    return [line(shown, "strong"), line(`(no diff: ${terminalSafeLine(disk.reason)})`, "dim"), ...argumentLines(rest)];
  }
  const before = disk.kind === "text" ? disk.text : undefined;
  const result = change(before);
  const title = line(before === undefined ? `${shown} (new file)` : shown, "strong");
  const warning = result.problem === undefined ? [] : [line(`⚠ ${result.problem}`, "warning")];
  return [title, ...warning, ...fileDiffLines(result.before, result.after)];
}

/** Edit's diff, computed by the Edit tool's own rule, in \n line endings as Edit works. */
function editBody(path: string, disk: DiskText, input: Record<string, unknown>): BodyLine[] {
  const oldString = String(input["old_string"]);
  const newString = String(input["new_string"]);
  const replaceAll = input["replace_all"] === true;
  const lf = (s: string) => s.replaceAll("\r\n", "\n");
  // The strings are not whole files: end both with a line break so no "No newline at end of file" shows.
  const asLines = (s: string) => (s.endsWith("\n") ? lf(s) : `${lf(s)}\n`);
  const stringsOnly = (problem: string): Change => ({ problem, before: asLines(oldString), after: asLines(newString) });
  return fileChange(path, disk, input, (before) => {
    if (before === undefined) {
      return oldString === ""
        ? { before: "", after: lf(newString) }
        : stringsOnly("The file does not exist: this edit will fail.");
    }
    const edit = applyEdit(lf(before), lf(oldString), lf(newString), replaceAll);
    if (edit.kind === "not-found") return stringsOnly("old_string is not in the file: this edit will fail.");
    if (edit.kind === "ambiguous") return stringsOnly(`old_string occurs ${edit.count} times: this edit will fail.`);
    return { before: lf(before), after: edit.updated };
  });
}
