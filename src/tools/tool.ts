/**
 * What the agent loop runs. A built-in tool and an MCP tool are the same
 * thing to the loop: a name, a schema and run().
 */
import type { ToolContent } from "../model/messages.ts";

export interface ToolResult {
  content: ToolContent;
  isError: boolean;
}

export interface ToolContext {
  /** The working directory: relative paths resolve against it. */
  cwd: string;
  /** Aborted on Esc (TUI) or SIGINT (print mode); a tool stops what it is doing. */
  signal: AbortSignal;
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
  /** Runs without asking in every mode (Read, Glob, Grep, MCP tools with readOnlyHint). */
  readonly readOnly: boolean;
  /** Changes files in the working directory: acceptEdits lets it through. */
  readonly editsFiles?: boolean;
  /** The file or folder a call touches, when it has one: outside cwd always asks. */
  targetPath?(input: Record<string, unknown>): string | undefined;
  /** A short argument summary for the transcript: `Read(posts.ts)`. */
  summarize?(input: Record<string, unknown>): string;
  /** Never throws: a failure is an error result the model can read. */
  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

export function textResult(text: string, isError = false): ToolResult {
  return { content: text, isError };
}
