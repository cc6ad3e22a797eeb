/**
 * Glob: files whose path matches a pattern like `**\/*.ts`, newest first (as
 * in Claude Code: what was just touched is usually what matters), ties by path.
 * node_modules and .git are skipped; hidden files match only when the pattern
 * names them (`.github/**`), as in a shell.
 */
import { glob, stat } from "node:fs/promises";
import path from "node:path";
import { fileKind } from "./read.ts";
import { displayPath, resolvePath } from "./paths.ts";
import { runSafely, stringField, ToolInput } from "./tool-input.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";

const MAX_RESULTS = 100;
const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

/** A file found by globFiles. */
export interface FoundFile {
  /** Absolute path. */
  path: string;
  mtimeMs: number;
  size: number;
}

/** The search was stopped through its AbortSignal. */
export class SearchAbortedError extends Error {
  readonly code = "SEARCH_ABORTED";
}

/**
 * Regular files (symlinks followed) under `root` whose path relative to it
 * matches `pattern`, skipping node_modules and .git; in no set order.
 */
export async function globFiles(root: string, pattern: string, signal: AbortSignal): Promise<FoundFile[]> {
  const found: Array<Promise<FoundFile | undefined>> = [];
  const entries = glob(pattern, { cwd: root, withFileTypes: true, exclude: (d) => SKIPPED_DIRS.has(d.name) });
  for await (const entry of entries) {
    if (signal.aborted) throw new SearchAbortedError("aborted");
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    found.push(
      stat(absolute).then(
        (s) => (s.isFile() ? { path: absolute, mtimeMs: s.mtimeMs, size: s.size } : undefined),
        () => undefined, // A dangling link or a file deleted meanwhile.
      ),
    );
  }
  return (await Promise.all(found)).filter((f) => f !== undefined);
}

/** The leading folders of a pattern, up to the first segment with a wildcard: `/a/b/**\/*.ts` → `/a/b`. */
export function staticPrefix(pattern: string): string {
  const segments = pattern.split("/");
  const wild = segments.findIndex((s) => /[*?[\]{}]/.test(s));
  const fixed = wild === -1 ? segments : segments.slice(0, wild);
  return fixed.join("/") || "/";
}

/** The built-in Glob tool. */
export class GlobTool implements Tool {
  readonly name = "Glob";
  readonly description =
    "Finds files by glob pattern (`**/*.ts`, `src/**/*.{ts,tsx}`) under path (default: the working directory). " +
    `Returns up to ${MAX_RESULTS} paths, most recently modified first. Skips node_modules and .git; ` +
    "hidden files match only when the pattern names them.";
  readonly inputSchema = {
    type: "object",
    properties: {
      pattern: { type: "string", description: "The glob pattern, relative to path" },
      path: { type: "string", description: "The folder to search (default: the working directory)" },
    },
    required: ["pattern"],
    additionalProperties: false,
  };
  readonly readOnly = true;

  targetPath(input: Record<string, unknown>): string | undefined {
    const pattern = stringField(input, "pattern");
    // An absolute pattern reaches outside path: its fixed leading folders are what it touches.
    if (pattern !== undefined && path.isAbsolute(pattern)) return staticPrefix(pattern);
    return stringField(input, "path");
  }

  summarize(input: Record<string, unknown>): string {
    return stringField(input, "pattern") ?? "";
  }

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, async () => {
      const args = new ToolInput(this.name, input);
      const pattern = args.string("pattern");
      const shownRoot = args.optionalString("path") ?? ".";
      if (pattern === "") return textResult("Glob: pattern must not be empty", true);
      const root = resolvePath(ctx.cwd, shownRoot);
      const kind = await fileKind(root);
      if (kind === "missing") return textResult(`Directory does not exist: ${shownRoot}`, true);
      if (kind === "file") return textResult(`${shownRoot} is not a directory`, true);

      let files: FoundFile[];
      try {
        files = await globFiles(root, pattern, ctx.signal);
      } catch (err) {
        if (err instanceof SearchAbortedError) return textResult("Glob was aborted", true);
        throw err;
      }
      if (files.length === 0) return textResult("No files found");
      files.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      const lines = files.slice(0, MAX_RESULTS).map((f) => displayPath(ctx.cwd, f.path));
      if (files.length > MAX_RESULTS) {
        lines.push(
          `(Showing the ${MAX_RESULTS} most recently modified of ${files.length} files. Use a more specific path or pattern.)`,
        );
      }
      return textResult(lines.join("\n"));
    });
  }
}
