/**
 * The instruction ("memory") files, as Claude Code reads them: the user's
 * `~/.claude/CLAUDE.md`, then in each folder from the root down to cwd
 * `AGENTS.md`, `CLAUDE.md`, `.claude/CLAUDE.md` and `CLAUDE.local.md`; and
 * the files they import with `@path` (relative to the importing file, at most
 * five deep, cycles refused; a project file's from the project only, the
 * user's own files' from the project or the home folder).
 * Found, read, and put into words for the system prompt and the transcript.
 */
import { readFileSync, realpathSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { MiniCcError, errorText } from "../errors.ts";

/** Reads a text file; undefined when there is no such file. */
export type ReadTextFile = (path: string) => string | undefined;

/** An instruction file found in cwd, one of its parents or the user's folder, or imported by one. */
export interface InstructionFile {
  path: string;
  text: string;
  /** The file whose `@path` brought this one in. */
  importedBy?: string;
}

/** What was found, and the imports that were not followed (with why). */
export interface FoundInstructions {
  files: InstructionFile[];
  refused: string[];
}

export interface FindOptions {
  /** The user's home folder: `~/.claude/CLAUDE.md`, `@~/…` imports, and a place imports may reach. */
  userHome?: string;
  /** Where a path really leads (symlinks followed); the path itself for one that does not exist. */
  realPath?: (path: string) => string;
}

/** Names looked for in each folder, in the order read (a later one wins where they disagree). */
export const INSTRUCTION_FILE_NAMES = ["AGENTS.md", "CLAUDE.md", join(".claude", "CLAUDE.md"), "CLAUDE.local.md"] as const;
/** How many levels of `@path` imports are followed. */
export const MAX_IMPORT_DEPTH = 5;

/** The files and their imports; farther first, so nearer files come later. */
export function findInstructions(cwd: string, readFile: ReadTextFile, options: FindOptions = {}): FoundInstructions {
  const realPath = options.realPath ?? realPathOrSelf;
  const dirs: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  const candidates = [
    ...(options.userHome ? [join(options.userHome, ".claude", "CLAUDE.md")] : []),
    ...dirs.flatMap((dir) => INSTRUCTION_FILE_NAMES.map((name) => join(dir, name))),
  ];
  const project = realPath(resolve(cwd));
  const withHome = [project, ...(options.userHome ? [realPath(resolve(options.userHome))] : [])];
  const found: FoundInstructions = { files: [], refused: [] };
  const seen = new Set<string>();
  // A file in the project (the repository's, anyone's to write) imports from the project only: never the
  // user's home files (~/.ssh…) into the model's context. The user's own files may import from home too.
  const visit = (path: string, text: string, chain: readonly string[], importedBy?: string, allowed = isWithin(project, realPath(path)) ? [project] : withHome) => {
    seen.add(path);
    found.files.push({ path, text, ...(importedBy ? { importedBy } : {}) });
    for (const spec of importSpecs(text)) {
      const target = resolve(dirname(path), spec.startsWith("~/") && options.userHome ? join(options.userHome, spec.slice(2)) : spec);
      const refuse = (why: string) => found.refused.push(`@${spec} in ${path}: ${why}`);
      if (chain.includes(target) || target === path) refuse("imports a file that imports it (a cycle)");
      else if (seen.has(target)) continue;
      else if (!allowed.some((root) => isWithin(root, realPath(target)))) {
        refuse(allowed.length === 1 ? "outside the project (a project file imports project files only); not read" : "outside the project and the home folder; not read");
      }
      else if (chain.length >= MAX_IMPORT_DEPTH) refuse(`more than ${MAX_IMPORT_DEPTH} imports deep; not read`);
      else {
        const imported = readFile(target);
        // `@name` that is no file is just text (a mention, a decorator).
        if (imported !== undefined) visit(target, imported, [...chain, path], path, allowed);
      }
    }
  };
  for (const path of candidates) {
    if (seen.has(path)) continue;
    const text = readFile(path);
    if (text !== undefined) visit(path, text, []);
  }
  return found;
}

/** The files alone (see findInstructions). */
export function findInstructionFiles(cwd: string, readFile: ReadTextFile, options: FindOptions = {}): InstructionFile[] {
  return findInstructions(cwd, readFile, options).files;
}

/** `@path` words outside code: at the start of a line or after a space. */
function importSpecs(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/(?:^|\s)@([^\s@`]+)/gm)].map((match) => match[1]!.replace(/[.,;:!?)]+$/, "")).filter((spec) => spec !== "");
}

/** `0 files (AGENTS.md, CLAUDE.md, …)`: what is looked for; `2 files (~/.claude/CLAUDE.md, AGENTS.md)`: what was found. */
export function instructionsNote(cwd: string, found: readonly InstructionFile[] | FoundInstructions, userHome?: string): string {
  const { files, refused } = Array.isArray(found) ? { files: found, refused: [] } : (found as FoundInstructions);
  const count = `${files.length} ${files.length === 1 ? "file" : "files"}`;
  const shown = (path: string) => shownPath(cwd, path, userHome);
  const names = files.length === 0 ? ["AGENTS.md", "CLAUDE.md"] : files.map((file) => (file.importedBy ? `${shown(file.path)} via ${shown(file.importedBy)}` : shown(file.path)));
  const refusedText = refused.length === 0 ? "" : `; not imported: ${refused.join("; ")}`;
  return `${count} (${names.join(", ")})${refusedText}`;
}

function shownPath(cwd: string, path: string, userHome: string | undefined): string {
  const rel = relative(resolve(cwd), path);
  if (!rel.startsWith("..")) return rel;
  if (userHome && isWithin(resolve(userHome), path)) return `~/${relative(resolve(userHome), path)}`;
  return rel;
}

/** The system-prompt section: each file under its path, nearer files last. */
export function instructionsText(files: readonly InstructionFile[]): string {
  const parts = files.map((file) => `## ${file.path}${file.importedBy ? ` (imported by ${file.importedBy})` : ""}\n\n${file.text.trim()}`);
  return [
    "# Project instructions",
    "The user's instruction files for this project follow; where they disagree, a later (nearer) file wins. Follow them.",
    ...parts,
  ].join("\n\n");
}

function isWithin(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** node:fs's reader: undefined for no such file; a file that exists but cannot be read is an error. */
export function readTextFile(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
    const why = errorText(error);
    throw new MiniCcError("unreadable-instruction-file", `cannot read instruction file ${path}: ${why}`, { file: path, cause: error });
  }
}
