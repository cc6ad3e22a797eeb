/**
 * What Write and Edit share: a call that changes the one file its file_path
 * names. The permission check judges that path (acceptEdits lets it
 * through); the tool then writes the real path the check saw, atomically,
 * and never through a symlink put in its place since.
 */
import { writeFileAtomic } from "../fs/atomic-write.ts";
import { changedExcerpt } from "./file-excerpt.ts";
import { locate } from "./paths.ts";
import { filePathCall, runSafely, type ToolInput } from "./tool-input.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";

/** A built-in tool that changes the file named in `file_path`. */
export abstract class FileChangeTool implements Tool {
  abstract readonly name: string;
  abstract readonly description: string;
  abstract readonly inputSchema: Record<string, unknown>;
  readonly readOnly = false;
  readonly editsFiles = true;

  readonly targetPaths = filePathCall.targetPaths;
  readonly summarize = filePathCall.summarize;

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, input, (args) => this.change(args.string("file_path"), args, ctx));
  }

  /** Changes the file the model calls `shown`; the rest of the call's input is in `args`. */
  protected abstract change(shown: string, args: ToolInput, ctx: ToolContext): Promise<ToolResult>;
}

/** The file a call changes, located: where it really is and whether it exists yet; or why not (a folder). */
export type FileToChange =
  | { readonly refusal: ToolResult }
  | { readonly refusal?: undefined; readonly absolute: string; readonly exists: boolean };

/** Locates the file the model calls `shown`; a folder is refused. */
export async function locateFileToChange(ctx: ToolContext, shown: string): Promise<FileToChange> {
  const { absolute, kind } = await locate(ctx, shown);
  if (kind === "directory") return { refusal: textResult(`${shown} is a directory; give a file path`, true) };
  return { absolute, exists: kind === "file" };
}

/** Writes `text` as the whole file at `absolute` (a located real path). */
export function writeChangedFile(absolute: string, text: string): Promise<void> {
  return writeFileAtomic(absolute, text, { followLinks: false });
}

/** What the model reads once a call has created the file it names. */
export function createdResult(shown: string): ToolResult {
  return textResult(`File created successfully at: ${shown}`);
}

/** `result` with the part of the file that went from `before` to `after` (when small enough to keep). */
export function withChange(result: ToolResult, before: string, after: string): ToolResult {
  const change = changedExcerpt(before, after);
  return change ? { ...result, change } : result;
}
