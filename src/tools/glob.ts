/**
 * Glob: files whose path matches a pattern like `**\/*.ts`, newest first (as
 * in Claude Code: what was just touched is usually what matters), ties by path.
 * node_modules and .git are skipped; hidden files match only when the pattern
 * names them (`.github/**`), as in a shell.
 */
import { byPath, filesFromBase } from "./file-walk.ts";
import { searchBase } from "./glob-base.ts";
import { foundPathShower, locate } from "./paths.ts";
import { patternSummary, runSafely, stringField } from "./tool-input.ts";
import { capText } from "./output-cap.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";

const MAX_RESULTS = 100;

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

  targetPaths(input: Record<string, unknown>): readonly string[] {
    // `../*` or `/etc/*` reach outside path: the pattern's fixed leading folders are what it reads.
    return [searchBase(this.name, stringField(input, "path") ?? ".", stringField(input, "pattern") ?? "").base];
  }

  readonly summarize = patternSummary;

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, input, async (args) => {
      const pattern = args.string("pattern");
      const shownRoot = args.optionalString("path") ?? ".";
      if (pattern === "") return textResult("Glob: pattern must not be empty", true);
      const { base, rest } = searchBase(this.name, shownRoot, pattern);
      const root = await locate(ctx, shownRoot);
      if (root.kind === "missing") return textResult(`Directory does not exist: ${shownRoot}`, true);
      if (root.kind === "file") return textResult(`${shownRoot} is not a directory`, true);

      const files = await filesFromBase(await locate(ctx, base), rest, ctx);
      if (files.length === 0) return textResult("No files found");
      files.sort((a, b) => b.mtimeMs - a.mtimeMs || byPath(a, b));
      const shown = foundPathShower(ctx);
      const lines = files.slice(0, MAX_RESULTS).map((f) => shown(f.path));
      if (files.length > MAX_RESULTS) {
        lines.push(
          `(Showing the ${MAX_RESULTS} most recently modified of ${files.length} files. Use a more specific path or pattern.)`,
        );
      }
      return textResult(capText(lines.join("\n"), "Use a more specific path or pattern."));
    });
  }
}
