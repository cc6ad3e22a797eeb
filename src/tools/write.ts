/**
 * Write: replaces a file's whole content, creating the file and its parent
 * folders when needed.
 */
import { createdResult, FileChangeTool, locateFileToChange, writeChangedFile } from "./file-change.ts";
import type { ToolInput } from "./tool-input.ts";
import { textResult, type ToolContext, type ToolResult } from "./tool.ts";

/** The built-in Write tool. */
export class WriteTool extends FileChangeTool {
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

  protected async change(shown: string, args: ToolInput, ctx: ToolContext): Promise<ToolResult> {
    const content = args.string("content");
    const file = await locateFileToChange(ctx, shown);
    if (file.refusal) return file.refusal;
    await writeChangedFile(file.absolute, content);
    return file.exists ? textResult(`The file ${shown} has been updated.`) : createdResult(shown);
  }
}
