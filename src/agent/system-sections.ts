/**
 * The system prompt's sections: base prompt, the project's instruction files,
 * today's date and the MCP servers' instructions. Built once and cached, so the
 * prompt prefix stays byte-identical between requests (prompt caching); the CLI
 * calls invalidate() when the set of MCP servers changes. The date is read
 * once a session: a server that connects after midnight must not move it.
 */
import type { Clock } from "../clock.ts";
import type { SystemSection } from "../model/model.ts";
import type { AgentEvent } from "./events.ts";
import {
  findInstructions,
  instructionsNote,
  instructionsText,
  readInstructionFile,
  type ReadInstructionFile,
} from "./instruction-files.ts";

export interface SystemContextOptions {
  cwd: string;
  /** The clock for today's date (local time). */
  clock: Clock;
  /** The MCP instructions section as McpManager renders it; "" when no server gave any. */
  mcpInstructions: () => string;
  /** The user's home folder: `~/.claude/CLAUDE.md` and `@~/…` imports; without it, neither. */
  userHome?: string;
  /** Where a path really leads (imports may not leave the project or home); node:fs's realpath by default. */
  realPath?: (path: string) => string;
  /** Defaults to node:fs; tests pass a map of files. */
  readFile?: ReadInstructionFile;
  /** The agent's name in the base prompt; "mini-cc" by default. */
  baseName?: string;
  /** --system-prompt: replaces the base prompt. */
  systemPrompt?: string;
  /** --append-system-prompt: the last section. */
  appendSystemPrompt?: string;
}

/** A context note the loop shows once per session. */
export type SystemNote = Extract<AgentEvent, { type: "system_note" }>;

interface Built {
  sections: SystemSection[];
  notes: SystemNote[];
}

/** Builds and caches the system sections and the notes that describe them. */
export class SystemContext {
  readonly #options: SystemContextOptions;
  readonly #readFile: ReadInstructionFile;
  #built: Built | undefined;
  #date: string | undefined;

  constructor(options: SystemContextOptions) {
    this.#options = options;
    this.#readFile = options.readFile ?? readInstructionFile;
  }

  /** The sections, built on first use and after invalidate(). */
  sections(): readonly SystemSection[] {
    return this.#build().sections;
  }

  /** `project instructions` (how many files were found, and which), `left out` (what was not read, or only in part, and why: a warning) and `date`, for the transcript. */
  notes(): readonly SystemNote[] {
    return this.#build().notes;
  }

  /** Drops the cache: the next sections() reads the files, clock and MCP instructions again. */
  invalidate(): void {
    this.#built = undefined;
  }

  #build(): Built {
    if (this.#built) return this.#built;
    const { cwd, clock, mcpInstructions, baseName = "mini-cc", systemPrompt, appendSystemPrompt } = this.#options;
    const found = findInstructions(cwd, this.#readFile, {
      ...(this.#options.userHome ? { userHome: this.#options.userHome } : {}),
      ...(this.#options.realPath ? { realPath: this.#options.realPath } : {}),
    });
    const files = found.files;
    this.#date ??= formatDate(new Date(clock.now()));
    const date = this.#date;
    const sections: SystemSection[] = [{ id: "base", text: systemPrompt ?? basePrompt(baseName, cwd) }];
    if (files.length > 0) sections.push({ id: "instructions", text: instructionsText(files) });
    sections.push({ id: "date", text: `Today's date is ${date}.` });
    const mcp = mcpInstructions().trim();
    if (mcp !== "") sections.push({ id: "mcp_instructions", text: mcp });
    if (appendSystemPrompt !== undefined && appendSystemPrompt.trim() !== "")
      sections.push({ id: "append", text: appendSystemPrompt });
    this.#built = {
      sections,
      notes: [
        {
          type: "system_note",
          label: "project instructions",
          text: instructionsNote(cwd, files, this.#options.userHome),
        },
        ...(found.leftOut.length > 0
          ? [
              {
                type: "system_note" as const,
                label: "instructions left out",
                text: found.leftOut.join("; "),
                warning: true,
              },
            ]
          : []),
        { type: "system_note", label: "date", text: date },
      ],
    };
    return this.#built;
  }
}

/** YYYY-MM-DD in local time. */
function formatDate(date: Date): string {
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
