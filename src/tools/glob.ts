/**
 * Glob: files whose path matches a pattern like `**\/*.ts`, newest first (as
 * in Claude Code: what was just touched is usually what matters), ties by path.
 * node_modules and .git are skipped; hidden files match only when the pattern
 * names them (`.github/**`), as in a shell.
 */
import path from "node:path";
import { byPath, globFiles } from "./file-walk.ts";
import { displayPath, locate } from "./paths.ts";
import { runSafely, stringField } from "./tool-input.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";

const MAX_RESULTS = 100;

/** The leading folders of a pattern, up to the first segment with a wildcard: `/a/b/**\/*.ts` → `/a/b`. */
function staticPrefix(pattern: string): string {
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
    return runSafely(this.name, input, async (args) => {
      const pattern = args.string("pattern");
      const shownRoot = args.optionalString("path") ?? ".";
      if (pattern === "") return textResult("Glob: pattern must not be empty", true);
      const root = await locate(ctx.cwd, shownRoot);
      if (root.kind === "missing") return textResult(`Directory does not exist: ${shownRoot}`, true);
      if (root.kind === "file") return textResult(`${shownRoot} is not a directory`, true);

      const files = await globFiles(root.absolute, pattern, ctx.signal);
      if (files.length === 0) return textResult("No files found");
      files.sort((a, b) => b.mtimeMs - a.mtimeMs || byPath(a, b));
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
