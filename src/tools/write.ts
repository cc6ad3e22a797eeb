/**
 * Write: replaces a file's whole content, creating the file and its parent
 * folders when needed.
 */
import { writeFileAtomic } from "../fs/atomic-write.ts";
import { locate } from "./paths.ts";
import { filePathCall, runSafely } from "./tool-input.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";

/** The built-in Write tool. */
export class WriteTool implements Tool {
  readonly name = "Write";
  readonly description =
    "Writes a file, replacing all of its content; creates the file and missing parent folders. " +
    "Relative paths are relative to the working directory. To change part of an existing file, prefer Edit.";
  readonly inputSchema = {
    type: "object",
    properties: {
      file_path: { type: "string", description: "The file to write (absolute, or relative to the working directory)" },
      content: { type: "string", description: "The file's new content" },
    },
    required: ["file_path", "content"],
    additionalProperties: false,
  };
  readonly readOnly = false;
  readonly editsFiles = true;

  readonly targetPaths = filePathCall.targetPaths;
  readonly summarize = filePathCall.summarize;

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, input, async (args) => {
      const shown = args.string("file_path");
      const content = args.string("content");
      const { absolute, kind } = await locate(ctx, shown);
      if (kind === "directory") return textResult(`${shown} is a directory; give a file path`, true);
      await writeFileAtomic(absolute, content, { followLinks: false });
      return textResult(kind === "missing" ? `File created successfully at: ${shown}` : `The file ${shown} has been updated.`);
    });
  }
}
