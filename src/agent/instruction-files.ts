/**
 * The project's instruction files: AGENTS.md and CLAUDE.md in the working
 * directory and each parent, found, read, and put into words for the system
 * prompt and for the transcript's note.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { MiniCcError } from "../errors.ts";

/** Reads a text file; undefined when there is no such file. */
export type ReadTextFile = (path: string) => string | undefined;

/** An instruction file found in cwd or one of its parents. */
export interface InstructionFile {
  path: string;
  text: string;
}

export const INSTRUCTION_FILE_NAMES = ["AGENTS.md", "CLAUDE.md"] as const;

/** AGENTS.md and CLAUDE.md in cwd and each parent up to the root; farther first, so nearer files come later. */
export function findInstructionFiles(cwd: string, readFile: ReadTextFile): InstructionFile[] {
  const dirs: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  const found: InstructionFile[] = [];
  for (const dir of dirs) {
    for (const name of INSTRUCTION_FILE_NAMES) {
      const path = join(dir, name);
      const text = readFile(path);
      if (text !== undefined) found.push({ path, text });
    }
  }
  return found;
}

/** `0 files (AGENTS.md, CLAUDE.md)`: what is looked for; `2 files (../CLAUDE.md, AGENTS.md)`: what was found. */
export function instructionsNote(cwd: string, files: readonly InstructionFile[]): string {
  const count = `${files.length} ${files.length === 1 ? "file" : "files"}`;
  const names = files.length === 0 ? INSTRUCTION_FILE_NAMES : files.map((file) => relative(resolve(cwd), file.path));
  return `${count} (${names.join(", ")})`;
}

/** The system-prompt section: each file under its path, nearer files last. */
export function instructionsText(files: readonly InstructionFile[]): string {
  const parts = files.map((file) => `## ${file.path}\n\n${file.text.trim()}`);
  return [
    "# Project instructions",
    "The user's instruction files for this project follow; where they disagree, a later (nearer) file wins. Follow them.",
    ...parts,
  ].join("\n\n");
}

/** node:fs's reader: undefined for no such file; a file that exists but cannot be read is an error. */
export function readTextFile(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
    const why = error instanceof Error ? error.message : String(error);
    throw new MiniCcError("unreadable-instruction-file", `cannot read instruction file ${path}: ${why}`, { file: path, cause: error });
  }
}
