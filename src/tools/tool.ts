/**
 * What the agent loop runs. A built-in tool and an MCP tool are the same
 * thing to the loop: a name, a schema and run().
 */
import type { ToolContent } from "../model/messages.ts";
import type { FileExcerpt } from "./file-excerpt.ts";
import type { PathScope, RealPaths } from "./real-paths.ts";

export interface ToolResult {
  content: ToolContent;
  isError: boolean;
  /** The part of the file an Edit or Write changed (saved with the session, so a resume can show the diff). */
  change?: FileExcerpt;
  /** How a command ended (Bash), when the call was in the background: its task's status then says `exit 2`, `SIGKILL`. */
  exit?: { code: number | null; signal: string | null };
}

export interface ToolContext {
  /** The working directory: relative paths resolve against it. */
  cwd: string;
  /** Aborted on Esc (TUI) or SIGINT (print mode); a tool stops what it is doing. */
  signal: AbortSignal;
  /**
   * The real paths the permission check resolved for this call: a tool opens
   * these, never a path resolved anew (a fresh RealPaths when there was no check).
   */
  realPaths?: RealPaths;
  /** The model's id for this call: an MCP tool reports its progress under it. */
  toolUseId?: string;
  /** The folders the session may touch (cwd and --add-dir): walks list nothing outside them and the searched folder. */
  scope?: PathScope;
  /**
   * The call may go on in the background: the loop answers the model at once and delivers the result later
   * (agent/detached-call.ts). An MCP call answered with a task says so ("MCP task <id>").
   */
  moveToBackground?: (reason: string) => void;
  /**
   * `listener` is called once the call went on in the background (Ctrl+B, an MCP task, the time limit), at once
   * if it already did, with the task's output file: a tool that prints as it runs (Bash) writes there what it
   * printed so far, then each later piece, and its result then holds only what is left to say (the exit code);
   * the result is added after it. A limit meant to keep the turn short (Bash's timeout) no longer applies.
   */
  onMovedToBackground?: (listener: (output: MovedOutput) => void) => void;
}

/** Where a call moved to the background writes its output from then on (its task's output file). */
export interface MovedOutput {
  append(chunk: string): void;
}

export interface Tool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  /**
   * Other names the tool is known by (an MCP tool renamed with a hash suffix on
   * a collision keeps its plain `mcp__server__tool`): a deny rule naming any of
   * them applies, so renaming never lets a denied tool through. Allow rules
   * must name the tool itself.
   */
  readonly aliases?: readonly string[];
  /** For an MCP tool: the server that provides it, as configured. Rules match MCP tools by server and tool. */
  readonly server?: string;
  /** For an MCP tool: its name on that server (it may be empty, long, or hold `__`). */
  readonly toolName?: string;
  /** Runs without asking in every mode (Read, Glob, Grep, MCP tools with readOnlyHint). */
  readonly readOnly: boolean;
  /** Changes files in the working directory: acceptEdits lets it through. */
  readonly editsFiles?: boolean;
  /**
   * The files or folders a call touches (absolute, or relative to cwd): where
   * any of them really leads outside the project, the call asks. Throws when
   * the input cannot be vouched for (the call then asks too).
   */
  targetPaths?(input: Record<string, unknown>): readonly string[];
  /**
   * True when this call runs confined (Bash in sandbox mode): it needs no
   * approval, though deny rules and plan mode still apply.
   */
  runsConfined?(input: Record<string, unknown>): boolean;
  /** True when this call asks to run outside the sandbox mode is on: only the user may let it (never a hook). */
  leavesSandbox?(input: Record<string, unknown>): boolean;
  /** A short argument summary for the transcript: `Read(posts.ts)`. */
  summarize?(input: Record<string, unknown>): string;
  /** Never throws: a failure is an error result the model can read. */
  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

export function textResult(text: string, isError = false): ToolResult {
  return { content: text, isError };
}
