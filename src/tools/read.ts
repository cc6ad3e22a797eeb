/**
 * Read: a file's lines numbered like `cat -n`, so the model can point at
 * lines and copy exact text into Edit. Images come back as image blocks.
 */
import path from "node:path";
import { locate, readLocated } from "./paths.ts";
import { filePathCall, runSafely } from "./tool-input.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";
import { linesWithin, MAX_TOOL_RESULT_CHARS } from "./output-cap.ts";

const DEFAULT_LIMIT = 2000;
/** Longer lines are cut (the note for saved MCP output says so). */
export const MAX_LINE_CHARS = 2000;
const BINARY_PROBE_BYTES = 8192;
// 3.75 MB of bytes is 5 MB of base64, the API's per-image limit.
const MAX_IMAGE_BYTES = 3_932_160;
const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

/** True when the first 8 KB hold a NUL byte, the usual sign of a binary file. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_PROBE_BYTES).includes(0);
}

/** A text's lines without their endings (`\n` or `\r\n`); a final newline adds no empty line. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Lines numbered like `cat -n`: the number right-aligned in six columns, a tab, the line. */
export function numberLines(lines: readonly string[], firstLineNumber: number): string {
  return lines.map((line, i) => `${String(firstLineNumber + i).padStart(6)}\t${line}`).join("\n");
}

/** The built-in Read tool. */
export class ReadTool implements Tool {
  readonly name = "Read";
  readonly description =
    "Reads a file and returns its lines numbered like `cat -n` (number, tab, line). " +
    `Reads up to ${DEFAULT_LIMIT} lines from the start unless offset (1-based line) and limit say otherwise; ` +
    `lines longer than ${MAX_LINE_CHARS} characters are cut, and one call returns at most about 25,000 tokens (read a large file in parts). Relative paths are relative to the working directory. ` +
    "PNG, JPEG, GIF and WebP files come back as images. Use Glob or Bash ls to list a directory.";
  readonly inputSchema = {
    type: "object",
    properties: {
      file_path: { type: "string", description: "The file to read (absolute, or relative to the working directory)" },
      offset: { type: "integer", minimum: 0, description: "The 1-based line number to start at" },
      limit: { type: "integer", minimum: 1, description: `How many lines to read (default ${DEFAULT_LIMIT})` },
    },
    required: ["file_path"],
    additionalProperties: false,
  };
  readonly readOnly = true;

  readonly targetPaths = filePathCall.targetPaths;
  readonly summarize = filePathCall.summarize;

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, input, async (args) => {
      const shown = args.string("file_path");
      // 0 is read as 1: models trained on other tools sometimes count from 0.
      const offset = Math.max(1, args.optionalInteger("offset", 0) ?? 1);
      const limit = args.optionalInteger("limit", 1) ?? DEFAULT_LIMIT;
      const { absolute, kind } = await locate(ctx, shown);
      if (kind === "missing") return textResult(`File does not exist: ${shown}`, true);
      if (kind === "directory") return textResult(`${shown} is a directory; use Glob or Bash ls to list it`, true);

      const mediaType = IMAGE_TYPES[path.extname(absolute).toLowerCase()];
      const bytes = await readLocated(absolute);
      if (mediaType !== undefined) return imageResult(shown, bytes, mediaType);
      if (isBinary(bytes)) return textResult(`${shown} is a binary file`, true);
      return numberedSlice(shown, bytes.toString("utf8"), offset, limit);
    });
  }
}

function numberedSlice(shown: string, text: string, offset: number, limit: number): ToolResult {
  const lines = splitLines(text);
  if (lines.length === 0) return textResult(`The file ${shown} exists but is empty.`);
  if (offset > lines.length) {
    const count = `${lines.length} line${lines.length === 1 ? "" : "s"}`;
    return textResult(`The file ${shown} has ${count}; offset ${offset} is past its end.`, true);
  }
  const asked = lines.slice(offset - 1, offset - 1 + limit).map(cutLongLine);
  // One Read sends at most about 25,000 tokens: past that, the lines that fit, and how to read on.
  const { kept: numbered, cut } = linesWithin(asked.map((line, i) => `${String(offset + i).padStart(6)}\t${line}`));
  const body = numbered.join("\n");
  const last = offset - 1 + numbered.length;
  if (cut) {
    const tokens = Math.round(MAX_TOOL_RESULT_CHARS / 4).toLocaleString("en-US");
    return textResult(
      `${body}\n\n(Cut at about ${tokens} tokens, the most one Read returns: showing lines ${offset}-${last} of ${lines.length}. ` +
        `Read on with offset=${last + 1} and a smaller limit, or use Grep to find the part you need.)`,
    );
  }
  if (last >= lines.length) return textResult(body);
  return textResult(
    `${body}\n\n(Showing lines ${offset}-${last} of ${lines.length}. Use offset=${last + 1} to read on.)`,
  );
}

function cutLongLine(line: string): string {
  return line.length > MAX_LINE_CHARS
    ? `${line.slice(0, MAX_LINE_CHARS)}… (line cut at ${MAX_LINE_CHARS} characters)`
    : line;
}

function imageResult(shown: string, bytes: Buffer, mediaType: string): ToolResult {
  if (bytes.length > MAX_IMAGE_BYTES) {
    return textResult(
      `${shown} is an image of ${bytes.length} bytes; images over ${MAX_IMAGE_BYTES} bytes cannot be sent`,
      true,
    );
  }
  return {
    content: [
      { type: "text", text: `Image ${shown} (${mediaType}, ${bytes.length} bytes)` },
      { type: "image", source: { type: "base64", media_type: mediaType, data: bytes.toString("base64") } },
    ],
    isError: false,
  };
}
