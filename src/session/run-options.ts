/**
 * What one run of mini-cc was asked for on its command line (cli-args.ts
 * parses it): print or interactive, the model, permissions, MCP configs.
 * Here, below cli/, so the session and print mode can take it.
 */
import type { PermissionMode } from "../agent/events.ts";

export const OUTPUT_FORMATS = ["text", "json", "stream-json"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const INPUT_FORMATS = ["text", "stream-json"] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

export interface RunOptions {
  print: boolean;
  prompt: string | undefined;
  outputFormat: OutputFormat;
  modelScript: string | undefined;
  permissionMode: PermissionMode;
  allowedTools: string[];
  disallowedTools: string[];
  /** Folders given with --add-dir, as typed (resolved against the working directory). */
  addDirs: string[];
  mcpConfig: string[];
  strictMcpConfig: boolean;
  /** Print mode: servers' sampling requests run without asking (the TUI always asks). */
  allowSampling: boolean;
  /** --sandbox: Bash commands run in the sandbox and need no approval. */
  sandbox?: boolean;
  maxTurns: number;
  /** --agents values: JSON objects of subagent definitions, as typed. */
  agents?: string[];
  /** --agent: the session runs as this subagent. */
  agent?: string;
  /** --session-id: a UUID; a random one when absent. */
  sessionId?: string;
  /** --model: wins over ANTHROPIC_MODEL. */
  model?: string;
  /** --system-prompt: replaces the base prompt (instruction files, date and MCP sections stay). */
  systemPrompt?: string;
  /** --append-system-prompt: the system prompt's last section. */
  appendSystemPrompt?: string;
  /** --thinking: extended thinking on (MAX_THINKING_TOKENS alone turns it on too). */
  thinking?: boolean;
  /** --input-format (print mode); text by default. */
  inputFormat?: InputFormat;
  /** --include-partial-messages: stream-json also writes raw API events. */
  includePartialMessages?: boolean;
  /** --verbose: accepted for claude's scripts; print mode's output is the same. */
  verbose?: boolean;
  /** --continue (the latest), --resume ID, or --resume alone (the TUI's picker). */
  resume?: ResumeChoice;
}

/** Which saved session to continue. */
export type ResumeChoice = { kind: "latest" } | { kind: "id"; id: string } | { kind: "pick" };
