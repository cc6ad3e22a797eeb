/**
 * The system prompt's sections: base prompt, the project's instruction files,
 * today's date and the MCP servers' instructions. Built once and cached, so the
 * prompt prefix stays byte-identical between requests (prompt caching); the CLI
 * calls invalidate() when the set of MCP servers changes.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { SystemSection } from "../model/model.ts";
import type { AgentEvent } from "./events.ts";
import { MiniCcError } from "../errors.ts";

/** Reads a text file; undefined when there is no such file. */
export type ReadTextFile = (path: string) => string | undefined;

export interface SystemContextOptions {
  cwd: string;
  /** The clock for today's date (local time). */
  now: () => Date;
  /** The MCP instructions section as McpManager renders it; "" when no server gave any. */
  mcpInstructions: () => string;
  /** Defaults to node:fs; tests pass a map of files. */
  readFile?: ReadTextFile;
  /** The agent's name in the base prompt; "mini-cc" by default. */
  baseName?: string;
}

/** An instruction file found in cwd or one of its parents. */
export interface InstructionFile {
  path: string;
  text: string;
}

/** A context note the loop shows once per session. */
export type SystemNote = Extract<AgentEvent, { type: "system_note" }>;

export const INSTRUCTION_FILE_NAMES = ["AGENTS.md", "CLAUDE.md"] as const;

interface Built {
  sections: SystemSection[];
  notes: SystemNote[];
}

/** Builds and caches the system sections and the notes that describe them. */
export class SystemContext {
  readonly #options: SystemContextOptions;
  readonly #readFile: ReadTextFile;
  #built: Built | undefined;

  constructor(options: SystemContextOptions) {
    this.#options = options;
    this.#readFile = options.readFile ?? readTextFile;
  }

  /** The sections, built on first use and after invalidate(). Throws MiniCcError "unreadable-instruction-file" for a file that exists but cannot be read. */
  sections(): readonly SystemSection[] {
    return this.#build().sections;
  }

  /** `project instructions` (how many files were found, and which) and `date`, for the transcript. */
  notes(): readonly SystemNote[] {
    return this.#build().notes;
  }

  /** Drops the cache: the next sections() reads the files, clock and MCP instructions again. */
  invalidate(): void {
    this.#built = undefined;
  }

  #build(): Built {
    if (this.#built) return this.#built;
    const { cwd, now, mcpInstructions, baseName = "mini-cc" } = this.#options;
    const files = findInstructionFiles(cwd, this.#readFile);
    const date = formatDate(now());
    const sections: SystemSection[] = [{ id: "base", text: basePrompt(baseName, cwd) }];
    if (files.length > 0) sections.push({ id: "instructions", text: instructionsText(files) });
    sections.push({ id: "date", text: `Today's date is ${date}.` });
    const mcp = mcpInstructions().trim();
    if (mcp !== "") sections.push({ id: "mcp_instructions", text: mcp });
    this.#built = {
      sections,
      notes: [
        { type: "system_note", label: "project instructions", text: instructionsNote(cwd, files) },
        { type: "system_note", label: "date", text: date },
      ],
    };
    return this.#built;
  }
}

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

/** YYYY-MM-DD in local time. */
export function formatDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function basePrompt(name: string, cwd: string): string {
  return [
    `You are ${name}, a coding agent that works in the user's terminal, in the project at ${cwd}.`,
    "You have tools to read, search and edit files, run shell commands, and call tools from MCP servers (named mcp__<server>__<tool>). Use them rather than guessing, and read a file before you edit it.",
    "Some tool calls need the user's approval. When one is denied, follow what the user said instead of retrying it.",
    "Be concise: short answers, no preamble; say what you changed and what you left alone.",
  ].join("\n");
}

function instructionsText(files: readonly InstructionFile[]): string {
  const parts = files.map((file) => `## ${file.path}\n\n${file.text.trim()}`);
  return [
    "# Project instructions",
    "The user's instruction files for this project follow; where they disagree, a later (nearer) file wins. Follow them.",
    ...parts,
  ].join("\n\n");
}

function readTextFile(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
    const why = error instanceof Error ? error.message : String(error);
    throw new MiniCcError("unreadable-instruction-file", `cannot read instruction file ${path}: ${why}`, { file: path, cause: error });
  }
}
