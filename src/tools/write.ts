/**
 * Write: replaces a file's whole content, creating the file and its parent
 * folders when needed.
 */
import { randomUUID } from "node:crypto";
import { chmod, mkdir, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileKind } from "./read.ts";
import { resolvePath } from "./paths.ts";
import { runSafely, stringField, ToolInput } from "./tool-input.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "./tool.ts";

/**
 * Writes `content` to `absolute` through a temp file in the same folder and a
 * rename, so a reader never sees half a file. Keeps an existing file's mode,
 * and writes through a symlink rather than replacing it.
 */
export async function writeFileAtomic(absolute: string, content: string): Promise<void> {
  const target = await realpath(absolute).catch(() => absolute);
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.${randomUUID().slice(0, 8)}.tmp`);
  try {
    await writeFile(temp, content, "utf8");
    const mode = await existingMode(target);
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

async function existingMode(absolute: string): Promise<number | undefined> {
  try {
    return (await stat(absolute)).mode & 0o7777;
  } catch {
    return undefined;
  }
}

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

  targetPath(input: Record<string, unknown>): string | undefined {
    return stringField(input, "file_path");
  }

  summarize(input: Record<string, unknown>): string {
    return stringField(input, "file_path") ?? "";
  }

  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    return runSafely(this.name, async () => {
      const args = new ToolInput(this.name, input);
      const shown = args.string("file_path");
      const content = args.string("content");
      const absolute = resolvePath(ctx.cwd, shown);
      const kind = await fileKind(absolute);
      if (kind === "directory") return textResult(`${shown} is a directory; give a file path`, true);
      await writeFileAtomic(absolute, content);
      return textResult(kind === "missing" ? `File created successfully at: ${shown}` : `The file ${shown} has been updated.`);
    });
  }
}
