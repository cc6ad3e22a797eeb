/**
 * What one run of mini-cc was asked for on its command line (cli-args.ts
 * parses it): print or interactive, the model, permissions, MCP configs.
 * Here, below cli/, so the session and print mode can take it.
 */
import type { PermissionMode } from "../agent/events.ts";

export const OUTPUT_FORMATS = ["text", "json", "stream-json"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

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
  /** --session-id: a UUID; a random one when absent. */
  sessionId?: string;
  /** --continue (the latest), --resume ID, or --resume alone (the TUI's picker). */
  resume?: ResumeChoice;
}

/** Which saved session to continue. */
export type ResumeChoice = { kind: "latest" } | { kind: "id"; id: string } | { kind: "pick" };
