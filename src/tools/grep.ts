/**
 * Grep: a JavaScript regular expression searched line by line through the
 * files under a path. Files are visited in path order so results are stable;
 * node_modules, .git, hidden files and binary files are skipped.
 */
import { readFile } from "node:fs/promises";
import { isBinary, splitLines } from "./read.ts";
import { byPath, foundFile, globFiles, type FoundFile } from "./file-walk.ts";
import { displayPath, locate } from "./paths.ts";
import { runSafely, stringField, toolAborted } from "./tool-input.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";

const MAX_RESULT_LINES = 250;
const MAX_MATCH_LINE_CHARS = 500;
// Bigger files are almost always generated or data; searching them costs much and tells little.
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const OUTPUT_MODES = ["content", "files_with_matches", "count"] as const;

/** What Grep reports: matching lines, the files that match, or a count per file. */
export type GrepOutputMode = (typeof OUTPUT_MODES)[number];

interface GrepQuery {
  regex: RegExp;
  mode: GrepOutputMode;
  lineNumbers: boolean;
}

/** The built-in Grep tool. */
export class GrepTool implements Tool {
  readonly name = "Grep";
  readonly description =
    "Searches file contents with a JavaScript regular expression, line by line, under path (a folder or one file; " +
    "default: the working directory). glob filters the files (`*.ts`, `src/**/*.tsx`). output_mode: " +
    '"files_with_matches" (default) lists matching files, "content" shows `path:line:text` ("-n": false drops the ' +
    `line number), "count" shows \`path:N\`. "-i" ignores case. At most ${MAX_RESULT_LINES} result lines. ` +
    "Skips node_modules, .git, hidden and binary files.";
  readonly inputSchema = {
    type: "object",
    properties: {
      pattern: { type: "string", description: "The regular expression (JavaScript syntax)" },
      path: { type: "string", description: "The folder or file to search (default: the working directory)" },
      glob: { type: "string", description: "Only search files matching this glob, e.g. `*.ts`" },
      output_mode: { type: "string", enum: [...OUTPUT_MODES], description: "What to return (default files_with_matches)" },
      "-i": { type: "boolean", description: "Ignore case" },
      "-n": { type: "boolean", description: "Show line numbers in content mode (default true)" },
    },
    required: ["pattern"],
    additionalProperties: false,
  };
  readonly readOnly = true;

  targetPath(input: Record<string, unknown>): string | undefined {
    return stringField(input, "path");
  }

  summarize(input: Record<string, unknown>): string {
    return stringField(input, "pattern") ?? "";
  }

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, input, async (args) => {
      const pattern = args.string("pattern");
      const shownRoot = args.optionalString("path") ?? ".";
      const fileGlob = args.optionalString("glob");
      const mode = args.choice("output_mode", OUTPUT_MODES, "files_with_matches");
      const ignoreCase = args.optionalBoolean("-i") ?? false;
      const lineNumbers = args.optionalBoolean("-n") ?? true;
      let regex: RegExp;
      try {
        regex = new RegExp(pattern, ignoreCase ? "i" : "");
      } catch (err) {
        return textResult(`Grep: ${(err as Error).message}`, true);
      }

      const root = await locate(ctx.cwd, shownRoot);
      if (root.kind === "missing") return textResult(`Path does not exist: ${shownRoot}`, true);
      const files = root.kind === "file" ? [await foundFile(root.absolute)] : await filesToSearch(root.absolute, fileGlob, ctx.signal);
      return search(files, { regex, mode, lineNumbers }, ctx);
    });
  }
}

async function filesToSearch(root: string, fileGlob: string | undefined, signal: AbortSignal): Promise<FoundFile[]> {
  // Like ripgrep's --glob: a pattern without a slash matches a file name at any depth.
  const pattern = fileGlob === undefined ? "**/*" : fileGlob.includes("/") ? fileGlob : `**/${fileGlob}`;
  const found = await globFiles(root, pattern, signal);
  return found.sort(byPath);
}

async function search(files: readonly FoundFile[], query: GrepQuery, ctx: ToolContext): Promise<ToolResult> {
  const out: string[] = [];
  let truncated = false;
  for (const file of files) {
    if (ctx.signal.aborted) throw toolAborted();
    const lines = await searchableLines(file);
    if (lines === undefined) continue;
    const shown = displayPath(ctx.cwd, file.path);
    const found = matchingLines(shown, lines, query);
    if (found.length === 0) continue;
    if (out.length + found.length > MAX_RESULT_LINES) {
      out.push(...found.slice(0, MAX_RESULT_LINES - out.length));
      truncated = true;
      break;
    }
    out.push(...found);
  }
  if (out.length === 0) return textResult(query.mode === "files_with_matches" ? "No files found" : "No matches found");
  if (truncated) out.push(`(Results cut at ${MAX_RESULT_LINES} lines. Narrow the path, glob or pattern.)`);
  return textResult(out.join("\n"));
}

/** The result lines one file contributes. */
function matchingLines(shown: string, lines: readonly string[], query: GrepQuery): string[] {
  const { regex, mode, lineNumbers } = query;
  if (mode === "files_with_matches") return lines.some((l) => regex.test(l)) ? [shown] : [];
  if (mode === "count") {
    const count = lines.filter((l) => regex.test(l)).length;
    return count === 0 ? [] : [`${shown}:${count}`];
  }
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (!regex.test(line)) return;
    const text = line.length > MAX_MATCH_LINE_CHARS ? `${line.slice(0, MAX_MATCH_LINE_CHARS)}…` : line;
    found.push(lineNumbers ? `${shown}:${i + 1}:${text}` : `${shown}:${text}`);
  });
  return found;
}

/** A text file's lines, or undefined for files not worth searching (binary, huge, unreadable). */
async function searchableLines(file: FoundFile): Promise<string[] | undefined> {
  if (file.size > MAX_FILE_BYTES) return undefined;
  let bytes: Buffer;
  try {
    bytes = await readFile(file.path);
  } catch {
    return undefined;
  }
  if (isBinary(bytes)) return undefined;
  return splitLines(bytes.toString("utf8"));
}
