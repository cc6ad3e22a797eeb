/**
 * Grep: a JavaScript regular expression searched line by line through the
 * files under a path. Files are visited in path order so results are stable;
 * node_modules, .git, hidden files and binary files are skipped. The search
 * runs in a worker thread under a time limit (grep-runner.ts).
 */
import { byPath, filesFromBase, foundFile } from "./file-walk.ts";
import { searchBase } from "./glob-base.ts";
import { GrepRunner } from "./grep-runner.ts";
import { isMiniCcError } from "../errors.ts";
import { GREP_OUTPUT_MODES, type ScanRequest } from "./grep-scan.ts";
import { foundPathShower, locate } from "./paths.ts";
import { patternSummary, runSafely, stringField, toolAborted } from "./tool-input.ts";
import { capText } from "./output-cap.ts";
import { MAX_LINE_CHARS } from "./read.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";

export type { GrepOutputMode } from "./grep-scan.ts";

const MAX_RESULT_LINES = 250;
const DEFAULT_TIME_LIMIT_MS = 30_000;

export interface GrepOptions {
  /** How long one search may run before it is stopped (default 30 s). */
  timeLimitMs?: number;
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
      output_mode: {
        type: "string",
        enum: [...GREP_OUTPUT_MODES],
        description: "What to return (default files_with_matches)",
      },
      "-i": { type: "boolean", description: "Ignore case" },
      "-n": { type: "boolean", description: "Show line numbers in content mode (default true)" },
    },
    required: ["pattern"],
    additionalProperties: false,
  };
  readonly readOnly = true;
  readonly #timeLimitMs: number;
  readonly #runner = new GrepRunner();

  constructor(options: GrepOptions = {}) {
    this.#timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  }

  targetPaths(input: Record<string, unknown>): readonly string[] {
    // A glob like `../../etc/passwd` reads outside path: its fixed leading folders are judged too.
    const root = stringField(input, "path") ?? ".";
    return [root, searchBase(this.name, root, walkPattern(stringField(input, "glob"))).base];
  }

  readonly summarize = patternSummary;

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, input, async (args) => {
      const pattern = args.string("pattern");
      const shownRoot = args.optionalString("path") ?? ".";
      const fileGlob = args.optionalString("glob");
      const mode = args.choice("output_mode", GREP_OUTPUT_MODES, "files_with_matches");
      const flags = (args.optionalBoolean("-i") ?? false) ? "i" : "";
      const lineNumbers = args.optionalBoolean("-n") ?? true;
      try {
        new RegExp(pattern, flags);
      } catch (err) {
        return textResult(`Grep: ${(err as Error).message}`, true);
      }

      const { base, rest } = searchBase(this.name, shownRoot, walkPattern(fileGlob));
      this.#runner.warm();
      const root = await locate(ctx, shownRoot);
      if (root.kind === "missing") return textResult(`Path does not exist: ${shownRoot}`, true);
      const files =
        root.kind === "file"
          ? [await foundFile(root.absolute)]
          : (await filesFromBase(await locate(ctx, base), rest, ctx)).sort(byPath);
      const shown = foundPathShower(ctx);
      const request: ScanRequest = {
        source: pattern,
        flags,
        mode,
        lineNumbers,
        files: files.map((f) => ({ shown: shown(f.path), real: f.real, size: f.size })),
        maxLines: MAX_RESULT_LINES,
      };
      return this.#scan(request, ctx);
    });
  }

  async #scan(request: ScanRequest, ctx: ToolContext): Promise<ToolResult> {
    let found;
    try {
      found = await this.#runner.scan(request, ctx.signal, this.#timeLimitMs);
    } catch (error) {
      if (!isMiniCcError(error, "scan-timeout")) throw error;
      return textResult(
        `Grep stopped after ${this.#timeLimitMs / 1000} s: the pattern took too long to match ` +
          "(nested repetition like (a+)+ can backtrack for ever). Simplify the pattern or narrow path and glob.",
        true,
      );
    }
    const { lines, truncated } = found;
    if (lines.length === 0)
      return textResult(request.mode === "files_with_matches" ? "No files found" : "No matches found");
    if (truncated) lines.push(`(Results cut at ${MAX_RESULT_LINES} lines. Narrow the path, glob or pattern.)`);
    return textResult(capText(lines.map(cutLongLine).join("\n"), "Narrow the path, glob or pattern."));
  }
}

/** A matching line of a minified file can be megabytes long: each is cut like Read cuts lines. */
function cutLongLine(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… (line cut)` : line;
}

/** The walk's pattern: like ripgrep's --glob, a glob without a slash matches a file name at any depth. */
function walkPattern(fileGlob: string | undefined): string {
  if (fileGlob === undefined) return "**/*";
  return fileGlob.includes("/") ? fileGlob : `**/${fileGlob}`;
}
