/**
 * Conversation types in the Anthropic Messages API's shapes. The loop, the
 * models and the tools all speak these, so no layer translates between them.
 */
export interface TextBlock {
  type: "text";
  text: string;
}

export interface ImageBlock {
  type: "image";
  source: { type: "base64"; media_type: string; data: string };
}

export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string | Array<TextBlock | ImageBlock>;
  is_error?: boolean;
}

/** What a tool may return: plain text, or text and image blocks. */
export type ToolContent = string | Array<TextBlock | ImageBlock>;

export type AssistantBlock = TextBlock | ToolUseBlock;
export type UserBlock = TextBlock | ImageBlock | ToolResultBlock;

export interface AssistantMessage {
  role: "assistant";
  content: AssistantBlock[];
}

export interface UserMessage {
  role: "user";
  content: string | UserBlock[];
}

export type Message = AssistantMessage | UserMessage;

export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "stop_sequence" | "refusal" | "pause_turn";

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}
