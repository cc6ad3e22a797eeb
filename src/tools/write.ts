/**
 * Write: replaces a file's whole content, creating the file and its parent
 * folders when needed.
 */
import { stat } from "node:fs/promises";
import { createdResult, FileChangeTool, locateFileToChange, withChange, writeChangedFile } from "./file-change.ts";
import { readLocated } from "./paths.ts";
import { isBinary } from "./read.ts";
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
    const before = file.exists ? await textBefore(file.absolute) : "";
    await writeChangedFile(file.absolute, content);
    const result = file.exists ? textResult(`The file ${shown} has been updated.`) : createdResult(shown);
    return before === undefined ? result : withChange(result, before, content);
  }
}

/** Files larger than this are not read for the change's excerpt (it would not be kept anyway). */
const MAX_BEFORE_BYTES = 256 * 1024;

/** What the file held, when it is small enough text to show the change; undefined otherwise. */
async function textBefore(absolute: string): Promise<string | undefined> {
  try {
    if ((await stat(absolute)).size > MAX_BEFORE_BYTES) return undefined;
    const bytes = await readLocated(absolute);
    return isBinary(bytes) ? undefined : bytes.toString("utf8");
  } catch {
    return undefined; // the write itself says what is wrong
  }
}
