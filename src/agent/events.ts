/**
 * What the agent loop yields. The TUI and the print-mode writers are two
 * consumers of this one stream; neither knows how a tool ran.
 */
import type { AssistantMessage, StopReason, Usage } from "../model/messages.ts";
import type { RetryNotice } from "../model/model.ts";
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
  /** The subagent whose call this is (absent for the main thread's). */
  agent?: string;
}

export type PermissionDecision =
  /**
   * A session allow may name the tool rule it stands for (`Bash(npm test:*)`,
   * tool-rules.ts); without one it covers every call of the tool.
   */
  { behavior: "allow"; scope: "once" | "session"; rule?: string } | { behavior: "deny"; message?: string };

/**
 * The one way a permission request leaves the loop: the agent awaits the
 * answer (the TUI's PermissionQueue; print mode's chain never asks).
 */
export type PermissionPrompt = (request: PermissionRequest, signal: AbortSignal) => Promise<PermissionDecision>;

/** `max_tokens`: the reply stayed cut at the output limit; `refusal`: the model declined (the prompt was taken back). */
export type TurnEndReason = "end_turn" | "max_rounds" | "max_tokens" | "refusal" | "aborted" | "error";

export type AgentEvent =
  /** Context notes shown once per session: instruction files found, today's date; `warning`: something left out the user should know of (print mode says it on stderr). */
  | { type: "system_note"; label: string; text: string; warning?: boolean }
  | { type: "text_delta"; text: string }
  /** The model request failed and is tried again after `retry.delayMs`; text streamed for it so far is void. */
  | { type: "retry"; retry: RetryNotice }
  /** A raw API stream event (--include-partial-messages). */
  | { type: "stream_event"; event: unknown }
  /** `id` and `model` as the API named them (absent for the offline models). */
  | { type: "assistant"; message: AssistantMessage; usage: Usage; stopReason?: StopReason; id?: string; model?: string }
  | { type: "tool_call"; id: string; name: string; input: Record<string, unknown>; summary: string }
  | { type: "permission_denied"; id: string; name: string; message: string }
  | { type: "tool_result"; id: string; name: string; result: ToolResult; durationMs: number }
  /** The conversation was replaced by its summary (compaction.ts): the transcript's boundary line. */
  | { type: "compaction"; trigger: "manual" | "auto"; tokensBefore: number; tokensAfter: number; usage: Usage }
  /** An `@` mention of the prompt: attached (`detail`: its size) or not (`detail`: why); the transcript shows it under the prompt. */
  | { type: "attachment"; mention: string; attached: boolean; detail: string }
  /** What a hook said to the user, or how it failed (one line naming its file and event); the session goes on. */
  | { type: "hook_note"; text: string }
  /** Something that happened inside a subagent run by the Agent call `parentId` (nested ones wrap again). */
  | { type: "subagent"; parentId: string; agent: string; event: AgentEvent }
  /** A failure the user should read; the session goes on. */
  | { type: "error"; message: string }
  | { type: "turn_end"; reason: TurnEndReason; numTurns: number; resultText: string };
