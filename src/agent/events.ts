/**
 * What the agent loop yields. The TUI and the print-mode writers are two
 * consumers of this one stream; neither knows how a tool ran.
 */
import type { AssistantMessage, Usage } from "../model/messages.ts";
import type { ToolResult } from "../tools/tool.ts";

export type PermissionMode = "default" | "acceptEdits" | "plan" | "bypassPermissions";

export interface PermissionRequest {
  toolUseId: string;
  toolName: string;
  input: Record<string, unknown>;
  /** `mcp__tracker__add_comment(BUG-101)` */
  summary: string;
  /** Why it asks: "needs approval", "outside the working directory", … */
  reason: string;
  /** An MCP tool's server, as configured ("don't ask again" can cover all of its tools). */
  server?: string;
}

export type PermissionDecision =
  /**
   * A session allow may name the tool rule it stands for (`Bash(npm test:*)`,
   * tool-rules.ts); without one it covers every call of the tool.
   */
  | { behavior: "allow"; scope: "once" | "session"; rule?: string }
  | { behavior: "deny"; message?: string };

/**
 * The one way a permission request leaves the loop: the agent awaits the
 * answer (the TUI's PermissionQueue; print mode's chain never asks).
 */
export type PermissionPrompt = (request: PermissionRequest, signal: AbortSignal) => Promise<PermissionDecision>;

export type TurnEndReason = "end_turn" | "max_rounds" | "aborted" | "error";

export type AgentEvent =
  /** Context notes shown once per session: instruction files found, today's date. */
  | { type: "system_note"; label: string; text: string }
  | { type: "text_delta"; text: string }
  | { type: "assistant"; message: AssistantMessage; usage: Usage }
  | { type: "tool_call"; id: string; name: string; input: Record<string, unknown>; summary: string }
  | { type: "permission_denied"; id: string; name: string; message: string }
  | { type: "tool_result"; id: string; name: string; result: ToolResult; durationMs: number }
  /** The conversation was replaced by its summary (compaction.ts): the transcript's boundary line. */
  | { type: "compaction"; trigger: "manual" | "auto"; tokensBefore: number; tokensAfter: number; usage: Usage }
  /** A failure the user should read; the session goes on. */
  | { type: "error"; message: string }
  | { type: "turn_end"; reason: TurnEndReason; numTurns: number; resultText: string };
