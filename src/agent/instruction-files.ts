/**
 * The instruction ("memory") files, as Claude Code reads them: the user's
 * `~/.claude/CLAUDE.md`, then in each folder from the root down to cwd
 * `AGENTS.md`, `CLAUDE.md`, `.claude/CLAUDE.md` and `CLAUDE.local.md`; and
 * the files they import with `@path` (relative to the importing file, at most
 * five deep, cycles refused). A repository writes these files, so every one
 * is judged by where it really leads (findInstructions), read only if regular,
 * and capped in size.
 * Found, read, and put into words for the system prompt and the transcript.
 */
import { realpathSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { NotRegularFileError, readRegularFileStart } from "../fs/regular-file.ts";
import { sizeText } from "../text/size-text.ts";

/** What reading one instruction file found; never its content in `why`. */
export type InstructionRead =
  | { kind: "missing" }
  | { kind: "refused"; why: string }
  | { kind: "read"; text: string; size: number; cut: boolean };

/** Reads the start of an instruction file (at most `maxBytes` bytes), given where it really leads. */
export type ReadInstructionFile = (path: string, maxBytes: number) => InstructionRead;

/** An instruction file found in cwd, one of its parents or the user's folder, or imported by one. */
export interface InstructionFile {
  path: string;
  text: string;
  /** The file whose `@path` brought this one in. */
  importedBy?: string;
}

/** What was found, and what was left out or cut (each naming the file and why). */
export interface FoundInstructions {
  files: InstructionFile[];
  leftOut: string[];
}

export interface FindOptions {
  /** The user's home folder: `~/.claude/CLAUDE.md`, `@~/…` imports, and a place imports may reach. */
  userHome?: string;
  /** Where a path really leads (symlinks followed); the path itself for one that does not exist. */
  realPath?: (path: string) => string;
}

/** Names looked for in each folder, in the order read (a later one wins where they disagree). */
export const INSTRUCTION_FILE_NAMES = [
  "AGENTS.md",
  "CLAUDE.md",
  join(".claude", "CLAUDE.md"),
  "CLAUDE.local.md",
] as const;
/** How many levels of `@path` imports are followed. */
export const MAX_IMPORT_DEPTH = 5;
/** Claude Code warns about a CLAUDE.md past 40k characters: no file gives more than this. */
export const MAX_INSTRUCTION_FILE_BYTES = 40 * 1024;
/** All files together: the instructions never crowd out the conversation. */
export const MAX_INSTRUCTIONS_BYTES = 200 * 1024;

/** Folders that hold no instructions, only the system's state (/proc/self/environ holds every secret in the environment). */
const SPECIAL_ROOTS = ["/proc", "/sys", "/dev"];

/** A file to read, and the folders it (and what it imports) must really lead into. */
interface Candidate {
  readonly path: string;
  readonly reach: readonly string[];
  /** How `reach` is said in a refusal. */
  readonly reachText: string;
}

/**
 * The files and their imports; farther first, so nearer files come later.
 * Each file, found or imported, is judged by where it really leads: a file
 * found in a folder must lead inside that folder (the project's CLAUDE.md
 * inside the project), the user's own inside their home folder, and what one
 * imports must stay where the file may lead; /proc, /sys and /dev are never
 * read, nor anything but a regular file; each file gives at most
 * MAX_INSTRUCTION_FILE_BYTES and all of them MAX_INSTRUCTIONS_BYTES.
 */
export function findInstructions(
  cwd: string,
  readFile: ReadInstructionFile,
  options: FindOptions = {},
): FoundInstructions {
  const realPath = options.realPath ?? realPathOrSelf;
  const project = realPath(resolve(cwd));
  const home = options.userHome ? realPath(resolve(options.userHome)) : undefined;
  const shown = (path: string) => shownPath(cwd, path, options.userHome);
  const found: FoundInstructions = { files: [], leftOut: [] };
  const seen = new Set<string>();
  let budget = MAX_INSTRUCTIONS_BYTES;

  /** Reads one file if it may be read; its text, or undefined (missing, or left out with a word in `leftOut`). */
  const read = (path: string, reach: readonly string[], reachText: string, name: string): string | undefined => {
    const real = realPath(path);
    if (!reach.some((root) => isWithin(root, real))) {
      found.leftOut.push(`${name}: leads outside ${reachText}; not read`);
      return undefined;
    }
    if (SPECIAL_ROOTS.some((root) => isWithin(root, real))) {
      found.leftOut.push(`${name}: a special file (${real.split(sep).slice(0, 2).join(sep)}); not read`);
      return undefined;
    }
    // With nothing left to give, the read (of no bytes) still tells a missing file from one left out.
    const outcome = readFile(real, Math.min(MAX_INSTRUCTION_FILE_BYTES, budget));
    if (outcome.kind === "missing") return undefined;
    if (outcome.kind === "refused") {
      found.leftOut.push(`${name}: ${outcome.why}; not read`);
      return undefined;
    }
    if (budget === 0) {
      found.leftOut.push(
        `${name}: not read, the ${sizeText(MAX_INSTRUCTIONS_BYTES)} all instruction files may give were used`,
      );
      return undefined;
    }
    const text = outcome.cut ? cutAtLine(outcome.text) : outcome.text;
    budget -= Buffer.byteLength(text);
    if (outcome.cut)
      found.leftOut.push(
        `${name}: ${sizeText(outcome.size)}, only its first ${sizeText(Buffer.byteLength(text))} read`,
      );
    return text;
  };

  const visit = (path: string, text: string, chain: readonly string[], candidate: Candidate, importedBy?: string) => {
    seen.add(path);
    found.files.push({ path, text, ...(importedBy ? { importedBy } : {}) });
    for (const spec of importSpecs(text)) {
      const target = resolve(
        dirname(path),
        spec.startsWith("~/") && options.userHome ? join(options.userHome, spec.slice(2)) : spec,
      );
      const name = `@${spec} in ${shown(path)}`;
      if (chain.includes(target) || target === path)
        found.leftOut.push(`${name}: imports a file that imports it (a cycle)`);
      else if (seen.has(target)) continue;
      else if (chain.length >= MAX_IMPORT_DEPTH)
        found.leftOut.push(`${name}: more than ${MAX_IMPORT_DEPTH} imports deep; not read`);
      else {
        const imported = read(target, candidate.reach, candidate.reachText, name);
        // `@name` that is no file is just text (a mention, a decorator).
        if (imported !== undefined) visit(target, imported, [...chain, path], candidate, path);
      }
    }
  };

  for (const candidate of candidates(cwd, project, home, options.userHome, realPath)) {
    if (seen.has(candidate.path)) continue;
    const text = read(candidate.path, candidate.reach, candidate.reachText, shown(candidate.path));
    if (text !== undefined) visit(candidate.path, text, [], candidate);
  }
  return found;
}

/** `~/.claude/CLAUDE.md` (reaching home and the project), then each folder's files from the root down to cwd (reaching that folder and the project). */
function candidates(
  cwd: string,
  project: string,
  home: string | undefined,
  userHome: string | undefined,
  realPath: (path: string) => string,
): Candidate[] {
  const dirs: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  const user: Candidate[] =
    userHome && home
      ? [
          {
            path: join(userHome, ".claude", "CLAUDE.md"),
            reach: [home, project],
            reachText: "your home folder and the project",
          },
        ]
      : [];
  const all = [
    ...user,
    ...dirs.flatMap((dir) => {
      const real = realPath(dir);
      const reach = isWithin(real, project) ? [real] : [real, project];
      const reachText =
        real === project
          ? "the project"
          : isWithin(real, project)
            ? `its folder (${real})`
            : `its folder and the project`;
      return INSTRUCTION_FILE_NAMES.map((name) => ({ path: join(dir, name), reach, reachText }));
    }),
  ];
  // In the home folder, its .claude/CLAUDE.md is the user's file, already first.
  return all.filter((candidate, i) => all.findIndex((other) => other.path === candidate.path) === i);
}

/** A cut text ends at its last whole line (when it has one in its second half), never in the middle of a character. */
function cutAtLine(text: string): string {
  const body = text.endsWith("\uFFFD") ? text.replace(/\uFFFD+$/, "") : text;
  const end = body.lastIndexOf("\n");
  return end > body.length / 2 ? body.slice(0, end + 1) : body;
}

/** The files alone (see findInstructions). */
export function findInstructionFiles(
  cwd: string,
  readFile: ReadInstructionFile,
  options: FindOptions = {},
): InstructionFile[] {
  return findInstructions(cwd, readFile, options).files;
}

/** `@path` words outside code: at the start of a line or after a space. */
function importSpecs(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/(?:^|\s)@([^\s@`]+)/gm)]
    .map((match) => match[1]!.replace(/[.,;:!?)]+$/, ""))
    .filter((spec) => spec !== "");
}

/** `0 files (AGENTS.md, CLAUDE.md, …)`: what is looked for; `2 files (~/.claude/CLAUDE.md, AGENTS.md)`: what was found. */
export function instructionsNote(cwd: string, files: readonly InstructionFile[], userHome?: string): string {
  const count = `${files.length} ${files.length === 1 ? "file" : "files"}`;
  const shown = (path: string) => shownPath(cwd, path, userHome);
  const names =
    files.length === 0
      ? ["AGENTS.md", "CLAUDE.md"]
      : files.map((file) => (file.importedBy ? `${shown(file.path)} via ${shown(file.importedBy)}` : shown(file.path)));
  return `${count} (${names.join(", ")})`;
}

function shownPath(cwd: string, path: string, userHome: string | undefined): string {
  const rel = relative(resolve(cwd), path);
  if (!rel.startsWith("..")) return rel;
  if (userHome && isWithin(resolve(userHome), path)) return `~/${relative(resolve(userHome), path)}`;
  return rel;
}

/** The system-prompt section: each file under its path, nearer files last. */
export function instructionsText(files: readonly InstructionFile[]): string {
  const parts = files.map(
    (file) => `## ${file.path}${file.importedBy ? ` (imported by ${file.importedBy})` : ""}\n\n${file.text.trim()}`,
  );
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

/** node:fs's reader: a folder named like a file is no file; anything else that is not a regular file, or cannot be read, is refused. */
export function readInstructionFile(path: string, maxBytes: number): InstructionRead {
  try {
    return { kind: "read", ...readRegularFileStart(path, maxBytes, { noFollow: true }) };
  } catch (error) {
    if (error instanceof NotRegularFileError)
      return error.isDirectory ? { kind: "missing" } : { kind: "refused", why: error.kind };
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    // ELOOP: the path turned into a link after it was judged; judged again at the next start.
    return {
      kind: "refused",
      why: code === "ELOOP" ? "changed while it was read" : `cannot read it (${code ?? "error"})`,
    };
  }
}
